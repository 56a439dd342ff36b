/**
 * The figures table of docs/performance.md, written by the bench itself: a run replaces the block
 * between two markers with its own figures, so the table a reader sees is always one run's, with
 * its date and machine, never figures copied by hand from several runs. The prose around the block
 * is the writer's and is left alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { formatRatio, formatStatus, formatValue, type Figure } from './table';

export const TABLE_START = '<!-- bench:table:start -->';
export const TABLE_END = '<!-- bench:table:end -->';

/** What the block says about the run its figures come from. */
export interface RunMeta {
  /** When the run started. */
  startedAt: Date;
  seconds: number;
  cpus: number;
  cpuModel: string;
  node: string;
  /** The command's options, as typed after `npm run bench --` (empty for the default run). */
  options: string;
  /** Sections that could not run: their figures are missing from the table. */
  broken: readonly string[];
}

/** A table cell: pipes escaped, so a name cannot break the row. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/** A value with its unit; a ratio's × goes straight after the number. */
const withUnit = (value: number, unit: string) => `${formatValue(value)}${unit === '×' ? '' : ' '}${unit}`;

function floorCell(figure: Figure): string {
  if (figure.floor === undefined) return '';
  const value = withUnit(figure.floor, figure.unit);
  return figure.floorName === undefined ? value : `${value} (${figure.floorName})`;
}

function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${seconds.toFixed(0)} s`;
}

/** The block's content: a line on the run, then one markdown row per figure. */
export function renderMarkdown(figures: readonly Figure[], meta: RunMeta): string {
  const command = `npm run bench${meta.options ? ` -- ${meta.options}` : ''}`;
  const lines = [
    `Written by \`${command}\` on ${meta.startedAt.toISOString().slice(0, 10)}: ${meta.cpus} × ${meta.cpuModel}, ` +
      `Node ${meta.node}; the run took ${duration(meta.seconds)}. Each figure beside its floor (the same work with none ` +
      'of our code, measured in the same run) and the ratio to it.',
  ];
  if (meta.broken.length > 0) lines.push('', `Sections that could not run (no figures): ${meta.broken.join(', ')}.`);
  lines.push('', '| Section | Figure | Value | Floor | Ratio | Target | |', '|---|---|--:|---|--:|---|---|');
  for (const figure of figures) {
    const row = [
      figure.section,
      figure.name,
      withUnit(figure.value, figure.unit),
      floorCell(figure),
      formatRatio(figure.ratio),
      figure.target ?? '',
      formatStatus(figure),
    ];
    lines.push(`| ${row.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** `doc` with the text between the markers replaced by `block`; the markers and the rest kept. */
export function replaceBlock(doc: string, block: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < 0) throw new Error(`the document has no ${TABLE_START} … ${TABLE_END} block`);
  if (end < start) throw new Error(`${TABLE_END} comes before ${TABLE_START}`);
  if (doc.indexOf(TABLE_START, start + 1) >= 0 || doc.indexOf(TABLE_END, end + 1) >= 0) {
    throw new Error('the document has more than one bench table block');
  }
  return `${doc.slice(0, start + TABLE_START.length)}\n${block.trim()}\n${doc.slice(end)}`;
}

/** Rewrites the block of the document at `path` with this run's table. */
export function writeDocsTable(path: string, figures: readonly Figure[], meta: RunMeta): void {
  writeFileSync(path, replaceBlock(readFileSync(path, 'utf8'), renderMarkdown(figures, meta)));
}
