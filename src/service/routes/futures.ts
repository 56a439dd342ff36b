import { errorEnvelopeSchema, futuresResponseSchema } from '@/interface';
import type { ZodRoutes } from '../plugins/schemas';

/** GET /v1/public/futures: every instrument's market row, stamped with the service clock. */
const futuresRoutes: ZodRoutes = async (fastify) => {
  fastify.get(
    '/v1/public/futures',
    { schema: { response: { 200: futuresResponseSchema, '5xx': errorEnvelopeSchema } } },
    async () => {
      const now = fastify.clock();
      const rows = fastify.market.rows(now);
      // A scripted slow feed (tests only): the marks are as old as the wait when they arrive.
      const delay = fastify.market.script.feedDelayMs;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      return { success: true as const, data: { rows }, timestamp: now };
    },
  );
};
export default futuresRoutes;
