/**
 * Browser code shared by the bench pages. The two reference pages (AG Grid, plain table) poll the
 * feed themselves with fetch + JSON.parse and format cells with the terminal's own formatters, so
 * the three contenders differ only in how they turn the same rows into DOM.
 */
import type { FuturesRow } from '@/interface';
import { formatCompact, formatFixed, formatPercent } from '@/terminal/shared/format/number';
import { formatCountdown } from '@/terminal/shared/format/time';

export const POLL_MS = 250;
export const ROW_HEIGHT = 28;

interface BenchGlobal {
  __bench?: { updates: number };
}

// Every page exposes `window.__bench = { updates }` from its first script on.
(window as unknown as BenchGlobal).__bench ??= { updates: 0 };

/** Counts one update committed to the DOM: the runner divides main-thread time by these. */
export function markUpdate(): void {
  const global = window as unknown as BenchGlobal;
  global.__bench ??= { updates: 0 };
  global.__bench.updates += 1;
}

/** A market row as the reference pages show it: the service's row plus what the cells need. */
export interface Quote extends FuturesRow {
  decimals: number;
  change: number | null;
  /** Direction of the last mark change, for the up/down tint. */
  tick: 'up' | 'down' | null;
}

/** Decimals a number is written with, from its shortest text (cheap; no big-decimal library). */
function decimalsOf(value: number): number {
  const text = String(value);
  const exp = text.indexOf('e-');
  if (exp >= 0) {
    const point = text.indexOf('.');
    const mantissa = point >= 0 && point < exp ? exp - point - 1 : 0;
    return mantissa + Number(text.slice(exp + 2));
  }
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

const decimalsBySymbol = new Map<string, number>();
const lastMark = new Map<string, number>();

/** Like the terminal: decimals only grow as finer prices are seen, and a moved mark is tinted. */
export function toQuote(row: FuturesRow): Quote {
  const decimals = Math.max(
    decimalsBySymbol.get(row.symbol) ?? 0,
    decimalsOf(row.mark_price),
    decimalsOf(row.index_price),
  );
  decimalsBySymbol.set(row.symbol, decimals);
  const previous = lastMark.get(row.symbol);
  lastMark.set(row.symbol, row.mark_price);
  const open = row['24h_open'];
  return {
    ...row,
    decimals,
    change: open > 0 ? (row['24h_close'] - open) / open : null,
    tick: previous === undefined || previous === row.mark_price ? null : row.mark_price > previous ? 'up' : 'down',
  };
}

/**
 * Polls `/v1/public/futures` every `intervalMs` (a poll still in flight is not doubled), parsing
 * the body with JSON.parse on the main thread as any client does.
 */
export function pollFutures(intervalMs: number, onRows: (rows: Quote[]) => void): () => void {
  let busy = false;
  const poll = async () => {
    if (busy) return;
    busy = true;
    try {
      const response = await fetch('/v1/public/futures', { headers: { accept: 'application/json' } });
      const json = JSON.parse(await response.text()) as { data: { rows: FuturesRow[] } };
      onRows(json.data.rows.map(toQuote));
    } catch (error) {
      console.error('poll failed', error);
    } finally {
      busy = false;
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), intervalMs);
  return () => clearInterval(timer);
}

export const toneOf = (value: number | null) => (value === null || value === 0 ? '' : value > 0 ? 'up' : 'down');

/** The ten columns of the comparison, formatted exactly as the terminal formats them. */
export const cellText = {
  symbol: (row: Quote) => row.symbol,
  mark: (row: Quote) => formatFixed(row.mark_price, row.decimals),
  index: (row: Quote) => formatFixed(row.index_price, row.decimals),
  change: (row: Quote) => formatPercent(row.change),
  high: (row: Quote) => formatFixed(row['24h_high'], row.decimals),
  low: (row: Quote) => formatFixed(row['24h_low'], row.decimals),
  volume: (row: Quote) => formatCompact(row['24h_amount']),
  funding: (row: Quote) => formatPercent(row.est_funding_rate, 4),
  countdown: (row: Quote) => formatCountdown(row.next_funding_time - Date.now()),
  openInterest: (row: Quote) => formatCompact(row.open_interest),
};

export type ColumnKey = keyof typeof cellText;

export const columnTitles: Record<ColumnKey, string> = {
  symbol: 'Market',
  mark: 'Mark',
  index: 'Index',
  change: '24h change',
  high: '24h high',
  low: '24h low',
  volume: '24h volume',
  funding: 'Funding',
  countdown: 'Next funding',
  openInterest: 'Open interest',
};

/** Same widths as the terminal's markets columns. */
export const columnWidths: Record<ColumnKey, number> = {
  symbol: 120,
  mark: 96,
  index: 96,
  change: 80,
  high: 92,
  low: 92,
  volume: 80,
  funding: 80,
  countdown: 84,
  openInterest: 84,
};
