import type { TapeCandle } from '@/interface';

/*
 * A minute candle as stored: prices, funding, open interest and volume as whole multiples of a
 * power of ten (the decimals the service sent), high/low/close/index as steps from the open. SQLite
 * keeps small integers in 1 to 4 bytes where a REAL takes 8, which is most of a row: this is what
 * keeps a day of one instrument under the bench's 100 kB.
 */

/** Candle with the flag the answer needs; `time` is the minute's start (ms). */
export interface StoredCandle extends TapeCandle {
  simulated: boolean;
}

/** Column values of one minute row, after (symbol, minute). */
export type MinuteRow = [
  open: number,
  high: number,
  low: number,
  close: number,
  index: number,
  funding: number,
  openInterest: number,
  volume: number,
  samples: number,
  scales: number,
];

const MAX_DECIMALS = 12;
/** Decimals value meaning "not scaled: the number is stored as it came" (a REAL). */
const RAW = 15;
const POWERS = Array.from({ length: MAX_DECIMALS + 1 }, (_, d) => 10 ** d);

function decimalsOf(value: number): number {
  for (let d = 0; d <= MAX_DECIMALS; d++) {
    if (Math.round(value * POWERS[d]!) / POWERS[d]! === value) return d;
  }
  return RAW;
}

function exactAt(values: readonly number[], decimals: number): boolean {
  if (decimals < 0 || decimals > MAX_DECIMALS) return false;
  const power = POWERS[decimals]!;
  for (const value of values) {
    const scaled = Math.round(value * power);
    if (!Number.isSafeInteger(scaled) || scaled / power !== value) return false;
  }
  return true;
}

/**
 * Decimals that carry every value exactly as integers, or RAW. `hint`, the decimals of the same
 * field in the instrument's last candle, is nearly always right: one check instead of a search.
 */
function commonDecimals(values: readonly number[], hint: number): number {
  if (exactAt(values, hint)) return hint;
  let decimals = 0;
  for (const value of values) decimals = Math.max(decimals, decimalsOf(value));
  return exactAt(values, decimals) ? decimals : RAW;
}

function scaled(value: number, decimals: number): number {
  return decimals === RAW ? value : Math.round(value * POWERS[decimals]!);
}

function unscaled(value: number, decimals: number): number {
  return decimals === RAW ? value : value / POWERS[decimals]!;
}

/*
 * No closures below: under tsx (how the proxy runs) every arrow function made in a call is named
 * by a helper that costs microseconds, which at 1,000 instruments a minute shows.
 */

/** The row of a candle; `hint` is the scales of the instrument's previous row (-1: none). */
export function encodeMinute(candle: StoredCandle, hint = -1): MinuteRow {
  const { open, high, low, close, index_close: index } = candle;
  const known = hint >= 0;
  const pd = commonDecimals([open, high, low, close, index], known ? hint & 15 : -1);
  const fd = commonDecimals([candle.est_funding_rate], known ? (hint >> 4) & 15 : -1);
  const qd = commonDecimals([candle.open_interest], known ? (hint >> 8) & 15 : -1);
  const vd = commonDecimals([candle.volume_24h], known ? (hint >> 12) & 15 : -1);
  const base = scaled(open, pd);
  // Steps from the open only when exact integers; a RAW row keeps each price whole.
  const offset = pd === RAW ? 0 : base;
  return [
    base,
    scaled(high, pd) - offset,
    scaled(low, pd) - offset,
    scaled(close, pd) - offset,
    scaled(index, pd) - offset,
    scaled(candle.est_funding_rate, fd),
    scaled(candle.open_interest, qd),
    scaled(candle.volume_24h, vd),
    candle.samples,
    pd | (fd << 4) | (qd << 8) | (vd << 12) | (candle.simulated ? 1 << 16 : 0),
  ];
}

/** `row` as stored, or with the minute first (`at` 1): a read's rows are decoded without copying. */
export function decodeMinute(minute: number, row: readonly number[], at = 0): StoredCandle {
  const open = row[at]!;
  const high = row[at + 1]!;
  const low = row[at + 2]!;
  const close = row[at + 3]!;
  const index = row[at + 4]!;
  const funding = row[at + 5]!;
  const openInterest = row[at + 6]!;
  const volume = row[at + 7]!;
  const samples = row[at + 8]!;
  const scales = row[at + 9]!;
  const pd = scales & 15;
  const offset = pd === RAW ? 0 : open;
  return {
    time: minute * 60_000,
    open: unscaled(open, pd),
    high: unscaled(offset + high, pd),
    low: unscaled(offset + low, pd),
    close: unscaled(offset + close, pd),
    index_close: unscaled(offset + index, pd),
    est_funding_rate: unscaled(funding, (scales >> 4) & 15),
    open_interest: unscaled(openInterest, (scales >> 8) & 15),
    volume_24h: unscaled(volume, (scales >> 12) & 15),
    samples,
    simulated: ((scales >> 16) & 1) === 1,
  };
}

/** `into` extended by a later candle of the same bucket (`into` is changed and returned). */
export function mergeCandle(into: StoredCandle, later: StoredCandle): StoredCandle {
  into.high = Math.max(into.high, later.high);
  into.low = Math.min(into.low, later.low);
  into.close = later.close;
  into.index_close = later.index_close;
  into.est_funding_rate = later.est_funding_rate;
  into.open_interest = later.open_interest;
  into.volume_24h = later.volume_24h;
  into.samples += later.samples;
  into.simulated ||= later.simulated;
  return into;
}
