import cookie from '@fastify/cookie';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { refusalOf } from '../../interface';
import { sendError } from '../http/replies';
import { DatabaseUnavailableError } from '../postgres';
import { Door, PostgresSessionStore, SqliteSessionStore, type Session } from '../sessions';
import { cookieValues, fromAnotherPage, hostAllowed, hostName, originProblem } from '../sessions/checks';

export interface DoorPluginOptions {
  /** The SQLite file of sessions; not used when the desk's database (`app.postgres`) is open. */
  sessionsPath: string;
  terminalToken?: string;
  maxSessions: number;
  /** Host names the terminal may be opened at, besides loopback. */
  allowedHosts: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The door: right host (always: loopback names and ALLOWED_HOSTS), right origin for anything that
 * changes state, and a session for every route that has not declared itself public. Protection is
 * read from the route the request matched, never from how its URL is spelled. The session's person
 * (a desk's user, or the implicit admin-trader of single-token mode) must hold a role that may do
 * the route's `action` (undeclared: 'read'), or the answer is a 403 naming both.
 */
export const doorPlugin = fp<DoorPluginOptions>(
  async (app, options) => {
    await app.register(cookie);
    const store = app.postgres
      ? new PostgresSessionStore(app.postgres, options.maxSessions)
      : new SqliteSessionStore(options.sessionsPath, options.maxSessions);
    const door = await Door.open(store, options.terminalToken, undefined, undefined, app.people);
    if (door.endedAtStart > 0) {
      app.log.warn({ sessions: door.endedAtStart }, 'the terminal token changed: sessions made with the old one ended');
    }
    app.decorate('door', door);
    app.decorateRequest('session', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('person', null);
    const allowed: ReadonlySet<string> = new Set(options.allowedHosts.map((host) => hostName(host)));

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
      if (!hostAllowed(host, allowed)) {
        return sendError(reply, 'unauthorized', `unknown host "${host}": open the terminal at the address the proxy printed`, 403);
      }
      const safe = SAFE_METHODS.has(request.method);
      if (!safe) {
        const problem = originProblem(request.headers.origin, host, allowed);
        if (problem) return sendError(reply, 'unauthorized', problem, 403);
      }
      // No route: answered before its body is read (the not-found handler would read it first).
      if (request.is404) return safe ? undefined : sendError(reply, 'notFound', `no route ${request.method} ${request.url.split('?')[0]}`);
      const open = request.routeOptions.config.access === 'public';
      // Before the session is looked up, so it is never counted against the trader's rate limit.
      if (!open && fromAnotherPage(request.headers['sec-fetch-site'], request.headers['sec-fetch-mode'], request.headers['sec-fetch-dest'])) {
        return sendError(reply, 'unauthorized', 'a request from another page: only the terminal itself may use this route', 403);
      }
      let found: Found | undefined;
      try {
        found = await sessionOf(door, cookieValues(request.headers.cookie, door.cookieName(request.raw.socket.localPort)));
      } catch (error) {
        if (!(error instanceof DatabaseUnavailableError)) throw error;
        // The terminal's files and market reads need no session: they are served all the same.
        if (open) return undefined;
        reply.header('retry-after', '5');
        return sendError(reply, 'unknown', error.message, 503);
      }
      if (found && 'session' in found) {
        request.session = found.session;
        request.sessionId = found.id;
        request.person = found.session.person;
      }
      if (open) return undefined;
      if (!request.person) {
        const refused = found && 'refused' in found ? found.refused : undefined;
        return sendError(reply, 'unauthorized', refused ?? 'no session: open the terminal with the link the proxy printed at start (…/?token=…)');
      }
      // The role's word on what the route does; which account, where a route names one, comes later.
      const refusal = refusalOf(request.person, request.routeOptions.config.action ?? 'read');
      return refusal ? sendError(reply, 'unauthorized', refusal, 403) : undefined;
    });
    app.addHook('onClose', async () => store.close());
  },
  { name: 'door', dependencies: ['postgres', 'people'] },
);

type Found = { id: string; session: Session } | { refused: string };

/** The first of a request's cookie values that names a valid session, else why one was refused. */
async function sessionOf(door: Door, ids: string[]): Promise<Found | undefined> {
  let refused: Found | undefined;
  for (const id of ids) {
    const visit = await door.visit(id);
    if (visit && 'person' in visit) return { id, session: visit };
    refused ??= visit;
  }
  return refused;
}
