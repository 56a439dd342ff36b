import type { FastifyPluginAsync } from 'fastify';
import { futuresResponseSchema, tvConfigEnvelopeSchema } from '@/interface';

/**
 * The service's public reads, checked and shared between terminals; no session needed. The body
 * is the service's text, already checked against its schema by the read forwarder, and sent as is.
 */
export const marketReadsRoutes: FastifyPluginAsync = async (app) => {
  // The reply's schema is documented (GET /api/openapi.json), not declared: the forwarder checked the text.
  const publicRead = (summary: string, schema: typeof tvConfigEnvelopeSchema | typeof futuresResponseSchema) => ({
    config: { access: 'public' as const, doc: { summary, replies: { 200: schema } } },
  });
  app.get('/v1/tv/config', publicRead("The service's terminal configuration, as it answered it", tvConfigEnvelopeSchema), async (_request, reply) => {
    const answer = await app.reads.read('/v1/tv/config', 'the terminal configuration', tvConfigEnvelopeSchema);
    return reply.code(answer.status).type('application/json').send(answer.body);
  });
  app.get('/v1/public/futures', publicRead('Every instrument with its prices, as the service answered them', futuresResponseSchema), async (_request, reply) => {
    const answer = await app.reads.read('/v1/public/futures', 'the market data', futuresResponseSchema);
    return reply.code(answer.status).type('application/json').send(answer.body);
  });
};
