import { sessionResponseSchema } from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { cookieOf } from '../sessions/login';

/** Whether the browser is signed in, and the ways out. */
export const sessionRoutes: ZodRoutes = async (app) => {
  const route = { config: { access: 'session' as const }, schema: { response: { 200: sessionResponseSchema } } };
  app.get('/api/session', route, async () => ({
    success: true as const,
    data: { authenticated: true },
    timestamp: Date.now(),
  }));

  app.post('/api/session/logout', route, async (request, reply) => {
    if (request.sessionId) await app.door.end(request.sessionId);
    request.log.info({ session: request.session?.key }, 'signed out');
    reply.clearCookie(cookieOf(request), { path: '/' });
    return { success: true as const, data: { authenticated: false }, timestamp: Date.now() };
  });

  app.post('/api/sessions/end-all', route, async (request, reply) => {
    const ended = await app.door.endAll();
    request.log.warn({ sessions: ended, by: request.session?.key }, 'every session ended');
    reply.clearCookie(cookieOf(request), { path: '/' });
    return { success: true as const, data: { authenticated: false, ended }, timestamp: Date.now() };
  });
};
