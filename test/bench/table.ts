/**
 * Every figure the bench reports, and the one table they are printed as. A figure may carry the
 * product's target so a reader sees met or missed at a glance; the bench never fails on it.
 *
 * A figure may also carry its floor: what the same work costs in the same run with none of our
 * code (a static page, the bare library, a bare hop, bare crypto.sign). On a shared 2-CPU machine
 * an absolute millisecond moves with the neighbours; a ratio to a floor measured beside it, in
 * alternation, moves far less, so the targets that have a floor are set on it.
 */
export interface Figure {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** The floor's value in this run, in the figure's unit; absent when it has none. */
  floor?: number;
  /** The figure the floor is, by name, when it is one of the run's figures. */
  floorName?: string;
  /** value / floor; absent when the floor is not above zero. */
  ratio?: number;
  /** The product's target, as words ("≤ 0.5"); absent for context figures. */
  target?: string;
  /** Whether the value meets the target; absent when there is no target. */
  met?: boolean;
}

/** What a figure is compared with: a value measured in the same run, and what it is. */
export interface Floor {
  value: number;
  name?: string;
}

export interface Target {
  text: string;
  /** `floor` is the figure's floor's value, when it has one. */
  test: (value: number, floor: number | undefined) => boolean;
}

export const atMost = (limit: number, text = `≤ ${limit}`): Target => ({ text, test: (value) => value <= limit });
export const atLeast = (limit: number, text = `≥ ${limit}`): Target => ({ text, test: (value) => value >= limit });

/** The value over its floor at most `limit` (×); missed when there is no floor to compare with. */
export const ratioAtMost = (limit: number, text = `≤ ${limit}× floor`): Target => ({
  text,
  test: (value, floor) => floor !== undefined && floor > 0 && value / floor <= limit,
});

/** The value at most its floor plus `extra` (in the figure's unit): "≤ journal alone + 1 ms". */
export const floorPlus = (extra: number, text: string): Target => ({
  text,
  test: (value, floor) => floor !== undefined && value <= floor + extra,
});

/** A figure of the run as another's floor. */
export const floorOf = (figure: Figure): Floor => ({ value: figure.value, name: figure.name });

/** Collects the figures of one section. */
export class Figures {
  readonly list: Figure[] = [];

  constructor(readonly section: string) {}

  add(name: string, value: number, unit: string, target?: Target, floor?: Floor): Figure {
    const figure: Figure = { section: this.section, name, value, unit };
    if (floor) {
      figure.floor = floor.value;
      if (floor.name !== undefined) figure.floorName = floor.name;
      // A floor of zero or less (a difference that came out so) has no meaningful ratio.
      if (floor.value > 0) figure.ratio = value / floor.value;
    }
    if (target) {
      figure.target = target.text;
      figure.met = Number.isFinite(value) && target.test(value, floor?.value);
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

export const formatRatio = (ratio: number | undefined): string => (ratio === undefined ? '' : `${formatValue(ratio)}×`);
export const formatStatus = (figure: Figure): string => (figure.met === undefined ? '' : figure.met ? 'met' : 'MISSED');

export const TABLE_HEADER = ['Section', 'Figure', 'Value', 'Unit', 'Floor', 'Ratio', 'Target', 'Status'];

/** One plain-text table, columns padded to their widest cell; numbers right-aligned. */
export function renderTable(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => [
    figure.section,
    figure.name,
    formatValue(figure.value),
    figure.unit,
    figure.floor === undefined ? '' : formatValue(figure.floor),
    formatRatio(figure.ratio),
    figure.target ?? '',
    formatStatus(figure),
  ]);
  const numeric = new Set([2, 4, 5]);
  const widths = TABLE_HEADER.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(TABLE_HEADER), rule, ...rows.map(line)].join('\n');
}
