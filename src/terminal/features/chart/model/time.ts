/**
 * The chart's time labels on this browser's clock, as the rest of the terminal shows times (the
 * chart library would label UTC). `seconds` is chart time, whole seconds since epoch.
 */
const two = (value: number) => String(value).padStart(2, '0');
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function clockLabel(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}

export function dayLabel(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${date.getDate()} ${months[date.getMonth()]}`;
}

/** The crosshair's label: day and time. */
export const crosshairLabel = (seconds: number) => `${dayLabel(seconds)} ${clockLabel(seconds)}`;

/** Tick marks: the library says which unit the mark starts (0 year, 1 month, 2 day, 3 time, 4 time with seconds). */
export function tickLabel(seconds: number, unit: number): string {
  const date = new Date(seconds * 1000);
  if (unit === 0) return String(date.getFullYear());
  if (unit === 1) return months[date.getMonth()] ?? '';
  if (unit === 2) return dayLabel(seconds);
  return clockLabel(seconds);
}
