import { crosshairLabel } from './time';
/**
 * When the tape began, as a trader reads it: "12 May 14:02", in the locale's form. Said on every
 * poll's render, so with the chart's formatters made once, not toLocaleDateString, which builds a
 * date formatter on each call.
 */
export const formatSince = (ms: number): string => crosshairLabel(Math.floor(ms / 1000));

export interface ChartStateInput {
  symbol: string | undefined;
  error: Error | null;
  /** The answer, once there is one. */
  candles: number | undefined;
  recordingSince: number | null | undefined;
  simulated: boolean;
  /** Why the markets feed is stale; undefined while it is live. */
  staleReason: string | undefined;
}

/** What covers the canvas instead of a chart, in words: never a blank canvas. */
export type ChartCover = { kind: 'pick' | 'loading' | 'error' | 'empty'; text: string } | undefined;

export function chartCover(input: ChartStateInput): ChartCover {
  if (!input.symbol) return { kind: 'pick', text: 'Click a market to chart it.' };
  if (input.candles === undefined) {
    if (input.error) return { kind: 'error', text: `Candles are unavailable: ${input.error.message}` };
    return { kind: 'loading', text: `Loading the candles of ${input.symbol}…` };
  }
  if (input.candles > 0) return undefined;
  return {
    kind: 'empty',
    text:
      input.recordingSince == null
        ? `No candles of ${input.symbol} yet: the tape starts empty against a real service and fills as the proxy records prices. The current candle appears with the next poll.`
        : `No candles of ${input.symbol} in this range yet (recording since ${formatSince(input.recordingSince)}). The current candle appears with the next poll.`,
  };
}

/** The status line beside the controls: where the candles come from and whether they are live. */
export function chartStatus(input: ChartStateInput): { text: string; stale: boolean } | undefined {
  if (input.staleReason !== undefined) {
    return { text: `Prices stale: ${input.staleReason}. The last candle is not moving.`, stale: true };
  }
  if (input.candles === undefined) return undefined;
  const parts: string[] = [];
  if (input.recordingSince != null) parts.push(`Recording since ${formatSince(input.recordingSince)}`);
  if (input.simulated) parts.push('earlier candles backfilled by the simulator');
  return parts.length > 0 ? { text: parts.join(' · '), stale: false } : undefined;
}
