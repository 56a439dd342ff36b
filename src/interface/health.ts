import * as z from 'zod/mini';
import './zod';

/** GET /api/health of the proxy: can it reach the service, how fast, and how far off is its clock. */
export const healthSchema = z.object({
  success: z.literal(true),
  data: z.object({
    service: z.object({
      url: z.string(),
      embedded: z.boolean(),
      reachable: z.boolean(),
      latencyMs: z.nullable(z.number()),
      error: z.nullable(z.string()),
    }),
    clock: z.object({
      /** Service clock minus proxy clock (ms), used to stamp signed requests. */
      offsetMs: z.number(),
      uncertaintyMs: z.nullable(z.number()),
      samples: z.int(),
    }),
    journal: z.object({
      unknownOrders: z.int(),
      sendingOrders: z.int(),
    }),
    accountId: z.string(),
  }),
  timestamp: z.int(),
});
export type Health = z.infer<typeof healthSchema>;
