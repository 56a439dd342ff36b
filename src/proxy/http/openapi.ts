import * as z from 'zod/mini';
import { ACCOUNT_HEADER, authHeaders, IDEMPOTENCY_HEADER, idempotencyKeySchema, type DeskAction } from '@/interface';

/*
 * The proxy's OpenAPI 3.1 document, written from the routes as they were registered: the zod
 * schemas that check every request and reply, turned into JSON Schema (2020-12, OpenAPI 3.1's own
 * dialect) by zod's toJSONSchema. Nothing here is written by hand per route but what a route's
 * `config.doc` says; a route without schemas is still listed, saying what it sends.
 */

type Schema = z.core.$ZodType;
type Json = Record<string, unknown>;

/**
 * A route's words in the API document, for what its schemas cannot say: a summary, the headers it
 * checks in its own hook, replies it sends as text it did not build (documented, never compiled),
 * and the media type of a reply that is not JSON.
 */
export interface RouteDoc {
  summary?: string;
  headers?: Readonly<Record<string, { required: boolean; description: string; schema?: Schema }>>;
  replies?: Readonly<Record<string, Schema>>;
  /** The reply's media type when it is not JSON (a CSV stream, the terminal's files). */
  produces?: string;
}

/** One route as the openapi plugin recorded it (one per method). */
export interface DocumentedRoute {
  method: string;
  url: string;
  /** The door's word (types.ts RouteAccess): public, or a session needed. */
  access: 'public' | 'session';
  action?: DeskAction;
  doc?: RouteDoc;
  schema?: { body?: Schema; querystring?: Schema; params?: Schema; response?: Record<string, Schema> };
}

export type DocumentInfo = {
  title: string;
  version: string;
  description?: string;
};

export type OpenApiDocument = {
  openapi: string;
  info: DocumentInfo;
  jsonSchemaDialect: string;
  /** Each path's operations by lower-case method. */
  paths: Record<string, Record<string, Json>>;
  components: Json;
};

/** The headers of a route that places or arms orders, checked in its own hook before its body. */
export const orderHeadersDoc: NonNullable<RouteDoc['headers']> = {
  [IDEMPOTENCY_HEADER]: {
    required: true,
    description:
      'The id of what is placed (8 to 64 letters, digits, - or _). Sending the same key again replays the first answer ' +
      '(header idempotent-replayed: true) instead of placing twice; the same key with another body is a 409.',
    schema: idempotencyKeySchema,
  },
  [ACCOUNT_HEADER]: {
    required: false,
    description: "The proxy's account to trade (by name); without it, the person's first account",
  },
};

/** The ticket's headers: the order headers and the signature's receive window. */
export const ticketHeadersDoc: NonNullable<RouteDoc['headers']> = {
  ...orderHeadersDoc,
  [authHeaders.recvWindow]: { required: false, description: 'The receive window the proxy signs with, whole ms from 1 to 60000' },
};

/** Fastify's `/api/x/:id` as OpenAPI's `/api/x/{id}`; a wildcard `/*` as `/{path}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

/** Fastify's reply status keys as OpenAPI's: '4xx' → '4XX'. */
const statusKey = (status: string) => status.toUpperCase();

/** The session cookie's scheme name in `components.securitySchemes`. */
export const SESSION_SCHEME = 'session';

/**
 * A zod schema as a JSON Schema of what travels on the wire. Requests are checked as the schema's
 * input; replies are too (the serializer checks a reply with the schema and sends it unchanged), so
 * both are the 'input' side. Transforms and other types JSON Schema cannot say become `{}`.
 * Definitions zod lifts into `$defs` (cycles) move to `components.schemas`, under `prefix`.
 */
function toSchema(schema: Schema, components: Json, prefix: string): Json {
  const converted = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete converted.$schema;
  const defs = converted.$defs as Json | undefined;
  delete converted.$defs;
  if (!defs) return converted;
  const rename = (name: string) => `${prefix}_${name}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) =>
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? [key, `#/components/schemas/${rename(inner.slice('#/$defs/'.length))}`]
          : [key, rewrite(inner)],
      ),
    );
  };
  for (const [name, def] of Object.entries(defs)) components[rename(name)] = rewrite(def);
  return rewrite(converted) as Json;
}

/** Path and query parameters from the route's object schemas, one a property. */
function parametersOf(where: 'path' | 'query', schema: Schema | undefined, components: Json, prefix: string): Json[] {
  if (!schema) return [];
  const converted = toSchema(schema, components, `${prefix}_${where}`);
  const properties = (converted.properties ?? {}) as Record<string, Json>;
  const required = new Set((converted.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

/** Names of a path's `{name}` segments. */
const templateNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/** A path parameter the route names but declares no schema for (a wildcard, an unchecked id). */
const plainPathParameter = (name: string): Json => ({ name, in: 'path', required: true, schema: { type: 'string' } });

function responsesOf(route: DocumentedRoute, components: Json, prefix: string): Json {
  const declared = { ...route.schema?.response, ...route.doc?.replies };
  const responses: Json = {};
  for (const [status, schema] of Object.entries(declared)) {
    const key = statusKey(status);
    responses[key] = {
      description: key.startsWith('2') ? 'The answer' : 'The error envelope: success false, a code and a message',
      content: { 'application/json': { schema: toSchema(schema, components, `${prefix}_${key}`) } },
    };
  }
  if (Object.keys(responses).length > 0) return responses;
  const media = route.doc?.produces;
  return {
    '200': media
      ? { description: `Sent as ${media}; not described by a schema`, content: { [media]: {} } }
      : { description: 'The answer; its body is not described by a schema' },
  };
}

const operationId = (method: string, url: string) =>
  `${method.toLowerCase()}${openApiPath(url)
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('') || 'Root'}`;

function operationOf(route: DocumentedRoute, components: Json): Json {
  const id = operationId(route.method, route.url);
  const path = openApiPath(route.url);
  const declared = parametersOf('path', route.schema?.params, components, id);
  const missing = templateNames(path).filter((name) => !declared.some((parameter) => parameter.name === name));
  const headers = Object.entries(route.doc?.headers ?? {}).map(([name, header]) => ({
    name,
    in: 'header',
    required: header.required,
    description: header.description,
    schema: header.schema ? toSchema(header.schema, components, `${id}_${name}`) : { type: 'string' },
  }));
  const parameters = [...declared, ...missing.map(plainPathParameter), ...parametersOf('query', route.schema?.querystring, components, id), ...headers];
  const session = route.access === 'session';
  return {
    operationId: id,
    ...(route.doc?.summary ? { summary: route.doc.summary } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.schema?.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.schema.body, components, `${id}_body`) } } } }
      : {}),
    responses: responsesOf(route, components, id),
    security: session ? [{ [SESSION_SCHEME]: [] }] : [],
    'x-access': route.access,
    ...(session ? { 'x-desk-action': route.action ?? 'read' } : {}),
  };
}

/**
 * The document of `routes`: every method of every path, HEAD left out (Fastify adds one beside
 * each GET, answering the same without a body).
 */
export function openApiDocument(routes: readonly DocumentedRoute[], info: DocumentInfo, cookieName: string): OpenApiDocument {
  const components: Json = {};
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    if (route.method === 'HEAD') continue;
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route, components) };
  }
  return {
    openapi: '3.1.1',
    info,
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    paths,
    components: {
      ...(Object.keys(components).length > 0 ? { schemas: components } : {}),
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: cookieName,
          description:
            'The session cookie a login link sets (GET /?token=…). State-changing requests must also carry an Origin header ' +
            'naming this proxy (http://<host>:<port>). See docs/api.md.',
        },
      },
    },
  };
}
