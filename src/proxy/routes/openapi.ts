import * as z from 'zod/mini';
import type { ZodRoutes } from '@/interface/routeSchemas';

/** What the reply is checked against: an OpenAPI 3.1 document's outline (its parts are JSON). */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string().check(z.regex(/^3\.1\.\d+$/)),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** GET /api/openapi.json: the proxy's API, for scripts and bots (docs/api.md). */
export const openApiRoutes: ZodRoutes = async (app) => {
  app.get(
    '/api/openapi.json',
    {
      config: { access: 'session', action: 'read', doc: { summary: 'This document: every route with its request and reply schemas' } },
      schema: { response: { 200: openApiDocumentSchema } },
    },
    async (request) => app.openApiDocument(app.door.cookieName(request.raw.socket.localPort)),
  );
};
