import { vi } from 'vitest';

/**
 * The proxy as a component test sees it: one fake `fetch` in place of the five that grew by hand.
 * Routes are "METHOD /path" (the path without its query; `*` for any method, a path ending in `/*`
 * for every path under it), each answered by a handler; every request is recorded; a route that is
 * not there, or a handler that gives no answer, is the proxy's 404 envelope naming the request.
 */

/** A request as a handler reads it. */
export interface ProxyRequest {
  method: string;
  /** As the terminal wrote it, query included: `/api/audit?limit=200`. */
  url: string;
  /** Without the query: `/api/audit`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
  /** The idempotency-key header ('' without one). */
  key: string;
}

/** A request as recorded: what the tests compare (`{ method, url, body }`). */
export interface ProxyCall {
  method: string;
  url: string;
  body: unknown;
}

/** An answer: a status and the JSON body, a Response as it is, or undefined for the 404. A handler may throw (the network is down). */
export type ProxyAnswer = { status: number; body: unknown } | Response | undefined;
export type ProxyHandler = (request: ProxyRequest) => ProxyAnswer | Promise<ProxyAnswer>;

export interface ProxyFake {
  /** Every request, in order (except those of `unrecorded` routes). */
  calls: ProxyCall[];
  /** The fake `fetch` itself (a vi.fn). */
  fetch: ReturnType<typeof vi.fn>;
  /** Adds or replaces a route. */
  on(route: string, handler: ProxyHandler): ProxyFake;
}

/** The proxy's success envelope. */
export const ok = (data: unknown, timestamp = 1) => ({ status: 200, body: { success: true, data, timestamp } });
/** The proxy's failure envelope. */
export const fail = (status: number, code: number, message: string) => ({ status, body: { success: false, code, message } });

export const notHere = (request: Pick<ProxyRequest, 'method' | 'url'>) => fail(404, -1006, `not here: no fake for ${request.method} ${request.url}`);

/**
 * Installs the fake as the global `fetch` (vi.unstubAllGlobals() takes it away). `unrecorded`
 * names routes answered but not recorded (the session the panels ask for on their own).
 */
export function fakeProxy(routes: Record<string, ProxyHandler> = {}, options: { unrecorded?: string[] } = {}): ProxyFake {
  const table = new Map(Object.entries(routes));
  const calls: ProxyCall[] = [];
  const find = (method: string, path: string): [string, ProxyHandler] | undefined => {
    for (const [route, handler] of table) {
      const [routeMethod, routePath] = route.split(' ') as [string, string];
      const methodFits = routeMethod === '*' || routeMethod === method;
      const pathFits = routePath === path || (routePath.endsWith('/*') && path.startsWith(routePath.slice(0, -1)));
      if (methodFits && pathFits) return [route, handler];
    }
    return undefined;
  };
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const parsed = new URL(url, 'http://terminal');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' && init.body !== '' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: ProxyRequest = { method, url, path: parsed.pathname, query: parsed.searchParams, headers, body, key: headers.get('idempotency-key') ?? '' };
    const found = find(method, request.path);
    if (!found || !options.unrecorded?.includes(found[0])) calls.push({ method, url, body });
    const answer = (await found?.[1](request)) ?? notHere(request);
    return answer instanceof Response ? answer : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  const fake: ProxyFake = {
    calls,
    fetch,
    on(route, handler) {
      table.set(route, handler);
      return fake;
    },
  };
  return fake;
}
