import { t } from '@lingui/core/macro';
import { dateFormat, numberFormat } from './locale';
import { DASH, formatPercent, formatPlain } from './number';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '../i18n/i18n';

const EPOCH_MS_MIN = 1_000_000_000_000;

/** Date and time with seconds, as the locale writes them: 12/05/2024, 14:02:05 in English. */
const DATE_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };

/**
 * A cell filled from whatever field a config names: numbers with the locale's separators and
 * their own decimals, epoch-ms times of `*_time` / `*_at` fields as local time, funding rates as
 * percentages, true and false as yes and no in the trader's language, nothing as a dash.
 */
export function formatFieldValue(id: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return DASH;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return DASH;
    if (/(_time|_at)$/.test(id) && value > EPOCH_MS_MIN) return dateFormat('field', DATE_TIME).format(value);
    // A funding rate reads as the markets show it: a percentage per 8 hours.
    if (/funding_rate$/.test(id)) return formatPercent(value, 4);
    if (Math.abs(value) >= 1000) return numberFormat('field', { maximumFractionDigits: 12 }).format(value);
    return formatPlain(value);
  }
  if (typeof value === 'boolean') {
    return value ? t({ message: 'yes', context: 'a true value in a table cell' }) : t({ message: 'no', context: 'a false value in a table cell' });
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
