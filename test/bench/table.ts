/**
 * Every figure the bench reports, and the one table they are printed as. A figure may carry the
 * product's target so a reader sees met or missed at a glance; the bench never fails on it.
 */
export interface Figure {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** The product's target, as words ("≤ 0.5"); absent for context figures. */
  target?: string;
  /** Whether the value meets the target; absent when there is no target. */
  met?: boolean;
}

export interface Target {
  text: string;
  test: (value: number) => boolean;
}

export const atMost = (limit: number, text = `≤ ${limit}`): Target => ({ text, test: (value) => value <= limit });
export const atLeast = (limit: number, text = `≥ ${limit}`): Target => ({ text, test: (value) => value >= limit });

/** Collects the figures of one section. */
export class Figures {
  readonly list: Figure[] = [];

  constructor(readonly section: string) {}

  add(name: string, value: number, unit: string, target?: Target): Figure {
    const figure: Figure = { section: this.section, name, value, unit };
    if (target) {
      figure.target = target.text;
      figure.met = Number.isFinite(value) && target.test(value);
    }
    this.list.push(figure);
    return figure;
  }
}

export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1 || value === 0) return value.toFixed(2);
  return value.toPrecision(3);
}

/** One plain-text table, columns padded to their widest cell. */
export function renderTable(figures: readonly Figure[]): string {
  const header = ['Section', 'Figure', 'Value', 'Unit', 'Target', 'Status'];
  const rows = figures.map((figure) => [
    figure.section,
    figure.name,
    formatValue(figure.value),
    figure.unit,
    figure.target ?? '',
    figure.met === undefined ? '' : figure.met ? 'met' : 'MISSED',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}
