import * as z from 'zod/mini';
import './zod';
import { successEnvelopeSchema } from './envelope';

/** Item of data.rows in GET /v1/public/futures (docs/contract/interface.md 2.2). */
export const futuresRowSchema = z.object({
  symbol: z.string().check(z.minLength(1)),
  index_price: z.number(),
  mark_price: z.number(),
  sum_unitary_funding: z.number(),
  est_funding_rate: z.number(),
  last_funding_rate: z.number(),
  next_funding_time: z.int().check(z.nonnegative()),
  open_interest: z.number(),
  '24h_open': z.number(),
  '24h_close': z.number(),
  '24h_high': z.number(),
  '24h_low': z.number(),
  '24h_amount': z.number(),
  '24h_volume': z.number(),
});
export type FuturesRow = z.infer<typeof futuresRowSchema>;

export const futuresResponseSchema = successEnvelopeSchema(
  z.object({ rows: z.array(futuresRowSchema) }),
);
export type FuturesResponse = z.infer<typeof futuresResponseSchema>;

/** Names of the numeric fields of a market row, for tables and custom fields. */
export const futuresNumericFields = [
  'index_price',
  'mark_price',
  'sum_unitary_funding',
  'est_funding_rate',
  'last_funding_rate',
  'next_funding_time',
  'open_interest',
  '24h_open',
  '24h_close',
  '24h_high',
  '24h_low',
  '24h_amount',
  '24h_volume',
] as const satisfies readonly (keyof FuturesRow)[];
