import * as z from 'zod/mini';
import {
  batchOrderResponseSchema,
  describeIssues,
  errorEnvelopeSchema,
  MAX_ORDERS_PER_REQUEST,
} from '@/interface';
import { signerOf } from '../plugins/auth';
import type { ZodRoutes } from '../plugins/schemas';

/** A batch as far as the whole request goes; the desk checks each order on its own, row by row. */
const batchShapeSchema = z.object({
  orders: z
    .array(z.unknown())
    .check(
      z.minLength(1, 'a batch needs at least one order'),
      z.maxLength(MAX_ORDERS_PER_REQUEST, `at most ${MAX_ORDERS_PER_REQUEST} orders per batch`),
    ),
});

function readJson(text: string): { ok: true; json: unknown } | { ok: false } {
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The body arrives as the signed text (plugins/auth.ts) and is read only after the signature and
 * the rate limit passed; each failure is one issue worded as the whole answer's message.
 */
const batchBodySchema = z.pipe(
  z.unknown(),
  z.transform((raw, ctx) => {
    const read = readJson(typeof raw === 'string' ? raw : '');
    if (!read.ok) {
      ctx.issues.push({ code: 'custom', message: 'body is not valid JSON', input: raw });
      return z.NEVER;
    }
    const batch = z.safeParse(batchShapeSchema, read.json);
    if (!batch.success) {
      const message = `body must be {"orders": [...]}: ${describeIssues(batch.error)}`;
      ctx.issues.push({ code: 'custom', message, input: read.json });
      return z.NEVER;
    }
    return batch.data;
  }),
);

/** POST /v1/batch-order: up to ten signed orders, answered with one row per order, in order. */
const batchOrderRoutes: ZodRoutes = async (fastify) => {
  fastify.post(
    '/v1/batch-order',
    {
      preValidation: [fastify.checkSignature, fastify.limitBatches],
      schema: {
        body: batchBodySchema,
        response: { 200: batchOrderResponseSchema, '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { accountId, receivedAt } = signerOf(request);
      const rows = fastify.desk.place(accountId, request.body.orders, receivedAt);
      return { success: true as const, data: { rows }, timestamp: fastify.clock() };
    },
  );
};
export default batchOrderRoutes;
