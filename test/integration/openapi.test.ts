import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  batchOrderRequestSchema,
  heldIdParamsSchema,
  heldOrderRequestSchema,
  heldOrderResponseSchema,
  ordersPageSchema,
  ordersQuerySchema,
  tapeCandlesQuerySchema,
  tapeCandlesResponseSchema,
  ticketErrorResponseSchema,
  ticketResponseSchema,
} from '@/interface';
import { openApiPath } from '@/proxy/http/openapi';
import { markOf, startStack, tempDir, type Stack } from '../helpers/stack';

type Json = Record<string, unknown>;
type Operation = Json & { responses: Record<string, Json>; parameters?: Json[]; requestBody?: Json; security?: Json[] };
type Document = { openapi: string; info: Json; paths: Record<string, Record<string, Operation>>; components: Json & { securitySchemes: Json } };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const STATUS = /^([1-5]\d\d|[1-5]XX|default)$/;

let stack: Stack;
let document: Document;
beforeAll(async () => {
  // A built terminal of one page, so the files' wildcard route is registered too.
  const distDir = tempDir();
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>t</title>');
  stack = await startStack({ proxy: { distDir } });
  const answer = await stack.call('/api/openapi.json');
  expect(answer.status).toBe(200);
  document = (await answer.json()) as Document;
});
afterAll(() => stack.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

/** Every JSON Schema in the document: parameters', bodies', replies' and the components'. */
function schemasOf(): { where: string; schema: Json }[] {
  const found: { where: string; schema: Json }[] = [];
  for (const { path, method, operation } of operations()) {
    for (const parameter of operation.parameters ?? []) found.push({ where: `${method} ${path} ${String(parameter.in)} ${String(parameter.name)}`, schema: parameter.schema as Json });
    const contents = [['body', operation.requestBody], ...Object.entries(operation.responses)] as [string, Json | undefined][];
    for (const [name, part] of contents) {
      for (const [media, content] of Object.entries((part?.content ?? {}) as Record<string, Json>)) {
        if (content.schema) found.push({ where: `${method} ${path} ${name} ${media}`, schema: content.schema as Json });
      }
    }
  }
  for (const [name, schema] of Object.entries((document.components.schemas ?? {}) as Record<string, Json>)) found.push({ where: name, schema });
  return found;
}

/** The wire's JSON Schema of a zod schema, as the document should carry it. */
const wire = (schema: z.core.$ZodType) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
};

const bodySchema = (operation: Operation) => ((operation.requestBody?.content as Record<string, Json>)['application/json']!.schema);
const replySchema = (operation: Operation, status: string) => ((operation.responses[status]!.content as Record<string, Json>)['application/json']!.schema);

describe('GET /api/openapi.json', () => {
  it('is behind the session door', async () => {
    const answer = await fetch(`${stack.origin}/api/openapi.json`);
    expect(answer.status).toBe(401);
  });

  it('is an OpenAPI 3.1 document: version, info, paths, and every operation with its replies', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const ids = new Set<string>();
    for (const { path, method, operation } of operations()) {
      const name = `${method} ${path}`;
      expect(path, name).toMatch(/^\//);
      expect(METHODS, name).toContain(method);
      expect(Object.keys(operation.responses).length, name).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(status, name).toMatch(STATUS);
        expect(response.description, `${name} ${status}`).toEqual(expect.any(String));
      }
      expect(ids.has(operation.operationId as string), `${name}: operationId unique`).toBe(false);
      ids.add(operation.operationId as string);
      // Every {name} of the path is a required path parameter, and there is no other.
      const template = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(inPath.map((parameter) => parameter.name).sort(), name).toEqual(template);
      for (const parameter of operation.parameters ?? []) {
        expect(['path', 'query', 'header', 'cookie'], name).toContain(parameter.in);
        if (parameter.in === 'path') expect(parameter.required, name).toBe(true);
      }
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(Object.keys(document.components.securitySchemes), name).toContain(scheme);
      }
    }
  });

  it('has every schema valid JSON Schema 2020-12 (Ajv, strict: no unknown keyword)', () => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false, allErrors: true });
    const schemas = schemasOf();
    expect(schemas.length).toBeGreaterThan(50);
    for (const { where, schema } of schemas) {
      expect(ajv.validateSchema(schema), `${where}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
      expect(() => ajv.compile(schema), where).not.toThrow();
    }
  });

  it('lists every registered route (but HEAD, which answers as its GET) with its door', () => {
    const table = stack.proxy.app.routeTable().filter((route) => route.method !== 'HEAD');
    expect(table.length).toBeGreaterThan(25);
    for (const route of table) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation!['x-access'], `${route.method} ${route.url}`).toBe(route.access);
      expect(operation!.security, `${route.method} ${route.url}`).toEqual(route.access === 'public' ? [] : [{ session: [] }]);
    }
    expect(operations().length).toBe(table.length);
    expect(document.paths['/{path}']?.get?.summary).toMatch(/files/);
  });

  it('carries each JSON route its reply schema, and the desk action it needs', () => {
    for (const { path, method, operation } of operations()) {
      const json = path.startsWith('/api/') || path.startsWith('/v1/');
      if (!json || path.endsWith('.csv')) continue;
      expect(replySchema(operation, '200'), `${method} ${path}`).toBeDefined();
      if (operation['x-access'] === 'session') expect(operation['x-desk-action'], `${method} ${path}`).toEqual(expect.any(String));
    }
    expect(document.paths['/v1/batch-order']!.post!['x-desk-action']).toBe('trade');
    expect(document.paths['/api/audit']!.get!['x-desk-action']).toBe('viewAudit');
    expect(document.paths['/api/orders.csv']!.get!.responses['200']!.content).toEqual({ 'text/csv': {} });
  });

  it('says exactly what the route schemas check: bodies, queries, params and replies', () => {
    const ticket = document.paths['/v1/batch-order']!.post!;
    expect(bodySchema(ticket)).toEqual(wire(batchOrderRequestSchema));
    expect(replySchema(ticket, '200')).toEqual(wire(ticketResponseSchema));
    expect(replySchema(ticket, '4XX')).toEqual(wire(ticketErrorResponseSchema));
    expect(ticket.parameters?.find((parameter) => parameter.name === 'idempotency-key')).toMatchObject({ in: 'header', required: true });

    const arm = document.paths['/api/held-orders']!.post!;
    expect(bodySchema(arm)).toEqual(wire(heldOrderRequestSchema));
    expect(replySchema(arm, '200')).toEqual(wire(heldOrderResponseSchema));
    const cancel = document.paths['/api/held-orders/{id}']!.delete!;
    expect(cancel.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: (wire(heldIdParamsSchema).properties as Json).id }]);

    const orders = document.paths['/api/orders']!.get!;
    expect(orders.parameters!.map((parameter) => parameter.name).sort()).toEqual(Object.keys(ordersQuerySchema.shape).sort());
    expect(replySchema(orders, '200')).toEqual(wire(ordersPageSchema));

    const candles = document.paths['/api/tape/candles']!.get!;
    expect(candles.parameters!.filter((parameter) => parameter.required).map((parameter) => parameter.name).sort()).toEqual(
      Object.keys(tapeCandlesQuerySchema.shape).sort(),
    );
    expect(replySchema(candles, '200')).toEqual(wire(tapeCandlesResponseSchema));
  });

  it('describes the replies the proxy really sends (checked with Ajv against the document)', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const now = Date.now();
    const mark = await markOf(stack.service.url, 'PERP_ETH_USDC');
    expect(mark).toBeGreaterThan(0);
    const reads: [string, string][] = [
      ['/api/orders', '/api/orders?limit=5'],
      ['/api/tape/candles', `/api/tape/candles?symbol=PERP_ETH_USDC&resolution=1m&from=${now - 3_600_000}&to=${now}`],
      ['/api/session', '/api/session'],
      ['/api/health', '/api/health'],
      ['/v1/public/futures', '/v1/public/futures'],
    ];
    for (const [path, target] of reads) {
      const answer = await stack.call(target);
      expect(answer.status, target).toBe(200);
      const validate = ajv.compile(replySchema(document.paths[path]!.get!, '200') as Json);
      expect(validate(await answer.json()), `${target}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });
});
