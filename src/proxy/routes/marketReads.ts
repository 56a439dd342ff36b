import type { FastifyPluginAsync } from 'fastify';
import { futuresResponseSchema, tvConfigEnvelopeSchema } from '@/interface';

/**
 * The service's public reads, checked and shared between terminals; no session needed. The body
 * is the service's text, already checked against its schema by the read forwarder, and sent as is.
 */
export const marketReadsRoutes: FastifyPluginAsync = async (app) => {
  const publicRoute = { config: { access: 'public' as const } };
  app.get('/v1/tv/config', publicRoute, async (_request, reply) => {
    const answer = await app.reads.read('/v1/tv/config', 'the terminal configuration', tvConfigEnvelopeSchema);
    return reply.code(answer.status).type('application/json').send(answer.body);
  });
  app.get('/v1/public/futures', publicRoute, async (_request, reply) => {
    const answer = await app.reads.read('/v1/public/futures', 'the market data', futuresResponseSchema);
    return reply.code(answer.status).type('application/json').send(answer.body);
  });
};
