import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/rawHttp';
import { startStack, ticketKey, type Stack } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';

let stack: Stack;
let port: number;
beforeAll(async () => {
  stack = await startStack({ proxy: { sessionRateLimit: 10_000 } });
  port = Number(new URL(stack.origin).port);
});
afterAll(() => stack.close());

const encodeChar = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** Ways an attacker would spell `path` to slip past a guard that reads the raw URL. */
function spellings(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const rest = segments.slice(1).join('/');
  const tail = rest ? `/${rest}` : '';
  const dash = path.includes('-') ? [path.replace('-', '%2D'), path.replace('-', '%2d')] : [];
  return [
    `/${encodeChar(first[0] ?? 'a')}${first.slice(1)}${tail}`,
    `/${[...first].map(encodeChar).join('')}${tail}`,
    `/%25${(first.charCodeAt(0) ?? 0).toString(16)}${first.slice(1)}${tail}`,
    `/${first.toUpperCase()}${tail}`,
    `/${first[0]?.toUpperCase() ?? ''}${first.slice(1)}${tail}`,
    `${path}/`,
    `/${path}`,
    path.replace(/\/([^/]*)$/, '//$1'),
    `/.${path}`,
    `/x/..${path}`,
    `/${first}/.${tail}`,
    `${path};jsessionid=x`,
    `${path}%3Bx`,
    `${path}%00`,
    `${path}%20`,
    path.replace(/\/([^/]*)$/, '%2F$1'),
    path.replace(/\/([^/]*)$/, '\\$1'),
    `http://127.0.0.1:${port}${path}`,
    `HTTP://127.0.0.1:${port}${path}`,
    `http://evil.example${path}`,
    `//127.0.0.1:${port}${path}`,
    ...dash,
  ];
}

const withoutSession = (method: string) => {
  const headers: Record<string, string> = { origin: stack.origin };
  if (method !== 'POST') return { headers, body: '' };
  headers['content-type'] = 'application/json';
  headers['idempotency-key'] = ticketKey();
  return { headers, body: JSON.stringify({ orders: [ethOrder(1000)] }) };
};

describe('the door, tried as an attacker would', () => {
  it('lists every route with the access it declared, and protects all but the public reads and files', () => {
    const table = stack.proxy.app.routeTable();
    const open = table.filter((route) => route.access === 'public').map((route) => `${route.method} ${route.url}`);
    // Readiness is public for load balancers: it says nothing of the account (see health.ts).
    expect(open.sort()).toEqual([
      'GET /', 'GET /api/health/ready', 'GET /v1/public/futures', 'GET /v1/tv/config',
      'HEAD /', 'HEAD /api/health/ready', 'HEAD /v1/public/futures', 'HEAD /v1/tv/config',
    ]);
    expect(table.filter((route) => route.access === 'session').length).toBeGreaterThanOrEqual(10);
  });

  it('refuses every protected route without a session, however its path is spelled', async () => {
    const table = stack.proxy.app.routeTable().filter((route) => route.access === 'session');
    let tried = 0;
    for (const route of table) {
      const path = route.url.replace(/:[a-z]+/gi, 'x');
      for (const target of [path, ...spellings(path)]) {
        const { headers, body } = withoutSession(route.method);
        const answer = await rawRequest(port, route.method, target, headers, body);
        tried += 1;
        expect(answer.status, `${route.method} ${target}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${route.method} ${target}`).toBeLessThan(500);
        expect(answer.body, `${route.method} ${target}`).not.toMatch(/"rows"|accountId|authenticated":true/);
      }
    }
    expect(tried).toBeGreaterThan(200);
    // Nothing reached the service, and nothing was journaled.
    expect(stack.service.desk.accepted).toHaveLength(0);
    expect((await stack.proxy.journal.listOrders({ limit: 1 })).rows).toEqual([]);
  });

  it('answers the same paths, spelled plainly, once the session is there (the walk can fail)', async () => {
    const answer = await rawRequest(port, 'GET', '/api/orders', { cookie: stack.cookie });
    expect(answer.status).toBe(200);
    const encoded = await rawRequest(port, 'GET', '/%61pi/orders', { cookie: stack.cookie });
    expect(encoded.status).toBe(400);
    expect(encoded.body).toContain('bad request target');
    const absolute = await rawRequest(port, 'GET', `http://127.0.0.1:${port}/api/orders`, { cookie: stack.cookie });
    expect(absolute.status).toBe(400);
  });

  it('refuses the exact requests of the report: an encoded batch path, an encoded /api, an absolute-form target', async () => {
    const post = withoutSession('POST');
    expect((await rawRequest(port, 'POST', '/v1/batch%2Dorder', post.headers, post.body)).status).toBe(400);
    for (const path of ['/%61pi/orders', '/%61pi/orders.csv', '/%61pi/session', '/%61pi/health']) {
      expect((await rawRequest(port, 'GET', path)).status, path).toBe(400);
    }
    expect((await rawRequest(port, 'GET', `http://127.0.0.1:${port}/api/orders`)).status).toBe(400);
    const absolutePost = withoutSession('POST');
    expect((await rawRequest(port, 'POST', `http://127.0.0.1:${port}/v1/batch-order`, absolutePost.headers, absolutePost.body)).status).toBe(400);
    expect(stack.service.desk.accepted).toHaveLength(0);
  });

  it('still serves the public reads to anyone on the right host', async () => {
    expect((await rawRequest(port, 'GET', '/v1/public/futures')).status).toBe(200);
    expect((await rawRequest(port, 'GET', '/v1/public/futures', { host: 'evil.example' })).status).toBe(403);
  });
});
