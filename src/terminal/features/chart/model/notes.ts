import { t } from '@lingui/core/macro';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';
import { localeFormats } from '@/terminal/shared/format/locale';
import { crosshairLabel } from './time';

let since: { ms: number; formats: unknown; text: string } | undefined;

/**
 * When the tape began, as a trader reads it: "12 May 14:02", in the locale's form. Said on every
 * render of the chart's head, so written once per time and language: formatting a date costs more
 * than the rest of that render.
 */
export function formatSince(ms: number): string {
  const formats = localeFormats();
  if (since?.ms !== ms || since.formats !== formats) since = { ms, formats, text: crosshairLabel(Math.floor(ms / 1000)) };
  return since.text;
}

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
  const { symbol } = input;
  if (!symbol) return { kind: 'pick', text: t`Click a market to chart it.` };
  if (input.candles === undefined) {
    // The service's or the proxy's words, as sent.
    const reason = input.error?.message;
    if (reason !== undefined) return { kind: 'error', text: t`Candles are unavailable: ${reason}` };
    return { kind: 'loading', text: t`Loading the candles of ${symbol}…` };
  }
  if (input.candles > 0) return undefined;
  if (input.recordingSince == null) {
    return {
      kind: 'empty',
      text: t`No candles of ${symbol} yet: the tape starts empty against a real service and fills as the proxy records prices. The current candle appears with the next poll.`,
    };
  }
  const since = formatSince(input.recordingSince);
  return {
    kind: 'empty',
    text: t`No candles of ${symbol} in this range yet (recording since ${since}). The current candle appears with the next poll.`,
  };
}

/** The status line beside the controls: where the candles come from and whether they are live. */
export function chartStatus(input: ChartStateInput): { text: string; stale: boolean } | undefined {
  const { staleReason } = input;
  if (staleReason !== undefined) {
    return { text: t`Prices stale: ${staleReason}. The last candle is not moving.`, stale: true };
  }
  if (input.candles === undefined) return undefined;
  if (input.recordingSince == null) {
    return input.simulated ? { text: t`earlier candles backfilled by the simulator`, stale: false } : undefined;
  }
  const since = formatSince(input.recordingSince);
  const text = input.simulated
    ? t`Recording since ${since} · earlier candles backfilled by the simulator`
    : t`Recording since ${since}`;
  return { text, stale: false };
}
