import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type * as z from 'zod/mini';
import { appRoot } from '../appRoot';
import { openApiDocument, type DocumentedRoute, type OpenApiDocument } from '../http/openapi';

/** The package's version, shown in the document's `info`. */
const version = (): string =>
  (JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version: string }).version;

const DESCRIPTION =
  'The signing proxy of the perp terminal: market reads, tickets (POST /v1/batch-order), the journal, held orders, ' +
  'brackets, the tape and the desk. Written from the zod schemas that check every request and reply. ' +
  'Authentication and a worked example for scripts: docs/api.md.';

/** What Fastify keeps of a route's schema; `query` is Fastify's other name for `querystring`. */
type RouteSchema = NonNullable<DocumentedRoute['schema']> & { query?: z.core.$ZodType };

/** One recorded route's entries, read when the document is written (after start: a scope's hooks may change its config). */
function documented(route: RouteOptions): DocumentedRoute[] {
  const schema = route.schema as RouteSchema | undefined;
  const config = route.config ?? {};
  return [route.method].flat().map((method) => ({
    method,
    url: route.url,
    access: config.access ?? 'session',
    action: config.action,
    doc: config.doc,
    schema: schema && {
      body: schema.body,
      querystring: schema.querystring ?? schema.query,
      params: schema.params,
      response: schema.response,
    },
  }));
}

/**
 * Records every route with its schemas and its door (access, desk action), for the API document
 * served at GET /api/openapi.json. Registered after the door, so a route's access is already set.
 */
export const openApiPlugin = fp(
  async (app) => {
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    const written = new Map<string, OpenApiDocument>();
    app.decorate('openApiDocument', (cookieName: string) => {
      let document = written.get(cookieName);
      if (!document) {
        document = openApiDocument(routes.flatMap(documented), { title: 'perp-terminal signing proxy', version: version(), description: DESCRIPTION }, cookieName);
        written.set(cookieName, document);
      }
      return document;
    });
  },
  { name: 'openapi', dependencies: ['door'] },
);
