import cookie from '@fastify/cookie';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../http';
import { Door, sessionCookieName, SessionStore } from '../sessions';

export interface DoorPluginOptions {
  sessionsPath: string;
  terminalToken?: string;
  maxSessions: number;
  /** Host names the terminal may be opened at, besides loopback. */
  allowedHosts: readonly string[];
}

const LOOPBACK_HOSTS = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host name of a Host header, lower-cased, without its port. */
export const hostName = (host: string) => host.toLowerCase().replace(/:\d+$/, '');

function originProblem(origin: string | undefined, host: string): string | undefined {
  if (!origin) return 'a state-changing request needs an Origin header';
  let originHost: string | undefined;
  try {
    const url = new URL(origin);
    originHost = url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined;
  } catch {
    originHost = undefined;
  }
  return originHost === host ? undefined : `requests from ${origin} are not accepted`;
}

/**
 * The door: right host (always: loopback names and ALLOWED_HOSTS), right origin for anything that
 * changes state, and a session for every route that has not declared itself public. Protection is
 * read from the route the request matched, never from how its URL is spelled.
 */
export const doorPlugin = fp<DoorPluginOptions>(
  async (app, options) => {
    await app.register(cookie);
    const store = new SessionStore(options.sessionsPath, options.maxSessions);
    const door = new Door(store, options.terminalToken);
    if (door.endedAtStart > 0) {
      app.log.warn({ sessions: door.endedAtStart }, 'the terminal token changed: sessions made with the old one ended');
    }
    app.decorate('door', door);
    app.decorateRequest('session', null);
    app.decorateRequest('sessionId', null);
    const allowed = new Set(options.allowedHosts.map((host) => hostName(host)));

    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? 'session' };
      routes.push(route);
    });
    // Read after start: a scope's own onRoute hooks (the terminal's files) run after this one.
    app.decorate('routeTable', () =>
      routes.flatMap((route) =>
        [route.method].flat().map((method) => ({ method, url: route.url, access: route.config?.access ?? 'session' })),
      ),
    );

    app.addHook('onRequest', async (request, reply) => {
      const host = request.headers.host ?? '';
      const name = hostName(host);
      if (!LOOPBACK_HOSTS.test(name) && !allowed.has(name)) {
        return sendError(reply, 'unauthorized', `unknown host "${host}": open the terminal at the address the proxy printed`, 403);
      }
      if (!SAFE_METHODS.has(request.method)) {
        const problem = originProblem(request.headers.origin, host);
        if (problem) return sendError(reply, 'unauthorized', problem, 403);
      }
      const id = request.cookies[sessionCookieName(request.raw.socket.localPort)];
      const session = door.session(id);
      if (session && id) {
        request.session = session;
        request.sessionId = id;
      }
      if (request.is404 || request.routeOptions.config.access === 'public' || session) return undefined;
      return sendError(reply, 'unauthorized', 'no session: open the terminal with the link the proxy printed at start (…/?token=…)');
    });
    app.addHook('onClose', async () => store.close());
  },
  { name: 'door' },
);
