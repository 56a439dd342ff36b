import { dateFormat } from '@/terminal/shared/format/locale';

/**
 * The chart's time labels on this browser's clock, as the rest of the terminal shows times (the
 * chart library would label UTC), in the trader's locale: 12 May 14:02 in English, 5月12日 14:02 in
 * Chinese. Each form's formatter is made once per locale. `seconds` is chart time, whole seconds
 * since epoch.
 */
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const MONTH: Intl.DateTimeFormatOptions = { month: 'short' };
const YEAR: Intl.DateTimeFormatOptions = { year: 'numeric' };

export const clockLabel = (seconds: number): string => dateFormat('chart-clock', CLOCK).format(seconds * 1000);

export const dayLabel = (seconds: number): string => dateFormat('chart-day', DAY).format(seconds * 1000);

/** The crosshair's label: day and time. */
export const crosshairLabel = (seconds: number) => `${dayLabel(seconds)} ${clockLabel(seconds)}`;

/** Tick marks: the library says which unit the mark starts (0 year, 1 month, 2 day, 3 time, 4 time with seconds). */
export function tickLabel(seconds: number, unit: number): string {
  if (unit === 0) return dateFormat('chart-year', YEAR).format(seconds * 1000);
  if (unit === 1) return dateFormat('chart-month', MONTH).format(seconds * 1000);
  if (unit === 2) return dayLabel(seconds);
  return clockLabel(seconds);
}
