import { errorEnvelopeSchema, futuresResponseSchema } from '@/interface';
import type { ZodRoutes } from '../plugins/schemas';

/** GET /v1/public/futures: every instrument's market row, stamped with the service clock. */
const futuresRoutes: ZodRoutes = async (fastify) => {
  fastify.get(
    '/v1/public/futures',
    { schema: { response: { 200: futuresResponseSchema, '5xx': errorEnvelopeSchema } } },
    async () => {
      const now = fastify.clock();
      return { success: true as const, data: { rows: fastify.market.rows(now) }, timestamp: now };
    },
  );
};
export default futuresRoutes;
