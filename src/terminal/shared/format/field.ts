import { DASH, formatPercent, plainNumber } from './number';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 12 });
const EPOCH_MS_MIN = 1_000_000_000_000;

/**
 * A cell filled from whatever field a config names: numbers with separators and their own
 * decimals, epoch-ms times of `*_time` / `*_at` fields as local time, funding rates as percentages,
 * nothing as a dash.
 */
export function formatFieldValue(id: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return DASH;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return DASH;
    if (/(_time|_at)$/.test(id) && value > EPOCH_MS_MIN) return new Date(value).toLocaleString('en-GB');
    // A funding rate reads as the markets show it: a percentage per 8 hours.
    if (/funding_rate$/.test(id)) return formatPercent(value, 4);
    return Math.abs(value) >= 1000 ? grouped.format(value) : plainNumber(value);
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
