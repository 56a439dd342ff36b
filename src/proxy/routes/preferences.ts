import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { errorEnvelopeSchema, preferenceKeySchema, preferencePutSchema, preferenceSchema, preferencesResponseSchema, type Person } from '../../interface';
import { validatePreference } from '../../interface/preferences';
import type { ZodRoutes } from '../../interface/routeSchemas';
import { PreferenceLimitError } from '../desk/preferences';
import { sendError } from '../http/replies';

/** Said to a browser that asks in single-token mode: it keeps the preferences itself. */
export const BROWSER_ONLY = 'single-token mode keeps preferences in this browser';

const keyParams = z.object({ key: preferenceKeySchema });
const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const kept = z.object({ success: z.literal(true), data: preferenceSchema, timestamp: z.int() });
const removed = z.object({ success: z.literal(true), data: z.object({ key: z.string(), removed: z.boolean() }), timestamp: z.int() });

/** The desk user asking, or undefined (and a 404 sent) when there is none: no session's person, or the implicit one. */
function deskUser(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const person: Person | null | undefined = request.person;
  if (!person || person.implicit) {
    void sendError(reply, 'notFound', BROWSER_ONLY, 404);
    return undefined;
  }
  return person.name;
}

/**
 * /api/me/preferences: a desk user's settings and named workspaces, kept so they follow the
 * person to any browser. A value is checked with the terminal's own schema at its version, and
 * kept migrated to this build's; last write wins.
 */
export const preferencesRoutes: ZodRoutes = async (app) => {
  const config = { access: 'session' as const, action: 'read' as const };

  app.get('/api/me/preferences', { config, schema: { response: { 200: preferencesResponseSchema, ...errors } } }, async (request, reply) => {
    const user = deskUser(request, reply);
    if (user === undefined) return reply;
    return { success: true as const, data: { rows: await app.preferences.list(user) }, timestamp: Date.now() };
  });

  app.put(
    '/api/me/preferences/:key',
    { config, schema: { params: keyParams, body: preferencePutSchema, response: { 200: kept, ...errors } } },
    async (request, reply) => {
      const user = deskUser(request, reply);
      if (user === undefined) return reply;
      const { key } = request.params;
      const checked = validatePreference(key, request.body.version, request.body.value);
      if (!checked.ok) return sendError(reply, 'invalidParameter', checked.problem);
      try {
        const data = await app.preferences.put(user, key, checked.version, checked.value, Date.now());
        return { success: true as const, data, timestamp: Date.now() };
      } catch (error) {
        if (error instanceof PreferenceLimitError) return sendError(reply, 'invalidParameter', error.message, 413);
        throw error;
      }
    },
  );

  app.delete('/api/me/preferences/:key', { config, schema: { params: keyParams, response: { 200: removed, ...errors } } }, async (request, reply) => {
    const user = deskUser(request, reply);
    if (user === undefined) return reply;
    const { key } = request.params;
    return { success: true as const, data: { key, removed: await app.preferences.remove(user, key) }, timestamp: Date.now() };
  });
};
