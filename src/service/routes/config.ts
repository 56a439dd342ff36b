import { errorEnvelopeSchema, tvConfigResponseSchema } from '@/interface';
import type { ZodRoutes } from '../plugins/schemas';

/** GET /v1/tv/config: the terminal's layout (columns, durations, polling rates). */
const configRoutes: ZodRoutes = async (fastify) => {
  fastify.get(
    '/v1/tv/config',
    { schema: { response: { 200: tvConfigResponseSchema, '5xx': errorEnvelopeSchema } } },
    async () => ({ s: 'ok' as const, d: fastify.tvConfig }),
  );
};
export default configRoutes;
