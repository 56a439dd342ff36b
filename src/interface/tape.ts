import * as z from 'zod/mini';
import './zod';
import { successEnvelopeSchema } from './envelope';

/*
 * The proxy's tape: every market snapshot it receives, kept as per-minute candles per instrument
 * and served back in coarser resolutions (GET /api/tape/candles). The interface has no history
 * endpoint; the proxy sees every snapshot, so it is the one place that can keep one.
 */

/** Candle resolutions, finest first, with their length in ms. */
export const tapeResolutions = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
} as const;
export type TapeResolution = keyof typeof tapeResolutions;
export const tapeResolutionNames = Object.keys(tapeResolutions) as TapeResolution[];

/** Most rows one answer carries; a wider range is refused with a 400 naming `from`/`to`. */
export const TAPE_MAX_ROWS = 5000;

/** One candle: `time` is its start (ms since epoch, as the service's timestamps). */
export const tapeCandleSchema = z.object({
  time: z.int().check(z.nonnegative()),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  index_close: z.number(),
  est_funding_rate: z.number(),
  open_interest: z.number(),
  volume_24h: z.number(),
  /** Snapshots the proxy received in this candle. */
  samples: z.int().check(z.positive()),
});
export type TapeCandle = z.infer<typeof tapeCandleSchema>;

const msParam = z.pipe(
  z.string().check(z.regex(/^\d{1,15}$/, 'must be whole milliseconds since epoch')),
  z.transform((text: string) => Number(text)),
);

/** Query of GET /api/tape/candles; every parameter is required and named when wrong. */
export const tapeCandlesQuerySchema = z.strictObject({
  symbol: z.string().check(z.regex(/^PERP_[A-Z0-9]+_[A-Z0-9]+$/, 'must be an instrument such as PERP_BTC_USDC')),
  resolution: z.enum(tapeResolutionNames as [TapeResolution, ...TapeResolution[]]),
  from: msParam,
  to: msParam,
});
export type TapeCandlesQuery = z.output<typeof tapeCandlesQuerySchema>;

export const tapeCandlesResponseSchema = successEnvelopeSchema(
  z.object({
    rows: z.array(tapeCandleSchema),
    /** First minute on the tape for this symbol (null when it has none yet). */
    recordingSince: z.nullable(z.int()),
    /** True when some of these candles were backfilled by the embedded simulator, not recorded. */
    simulated: z.boolean(),
  }),
);
export type TapeCandlesResponse = z.infer<typeof tapeCandlesResponseSchema>;
