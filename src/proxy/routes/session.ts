import { sessionResponseSchema } from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { audited } from '../desk/audit';
import { cookieOf } from '../sessions/login';

/** Whether the browser is signed in and as whom, and the ways out. */
export const sessionRoutes: ZodRoutes = async (app) => {
  const route = { config: { access: 'session' as const }, schema: { response: { 200: sessionResponseSchema } } };
  app.get('/api/session', route, async (request) => ({
    success: true as const,
    data: { authenticated: true, person: request.person ?? undefined },
    timestamp: Date.now(),
  }));

  app.post('/api/session/logout', route, async (request, reply) => {
    if (request.sessionId) await app.door.end(request.sessionId);
    request.log.info({ session: request.session?.key, person: request.person?.name }, 'signed out');
    await audited(request, 'logout', null);
    reply.clearCookie(cookieOf(request), { path: '/' });
    return { success: true as const, data: { authenticated: false }, timestamp: Date.now() };
  });

  // A desk's user signs out everywhere they are signed in; in single-token mode, every session ends.
  app.post('/api/sessions/end-all', route, async (request, reply) => {
    const person = request.person;
    const ended = person && !person.implicit ? await app.door.endUser(person.name) : await app.door.endAll();
    request.log.warn({ sessions: ended, by: request.session?.key, person: person?.name }, 'every session ended');
    await audited(request, 'sessions-ended', person && !person.implicit ? person.name : null, { ended });
    reply.clearCookie(cookieOf(request), { path: '/' });
    return { success: true as const, data: { authenticated: false, ended }, timestamp: Date.now() };
  });
};
