import { t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import Papa from 'papaparse';
import { baseAsset, type Duration, type MarginMode, type Side } from '@/interface';
import { separators } from '@/terminal/shared/format/locale';
import { parseDecimal } from './decimal';
import { defaultDurationFor, durationsFor, plainLimitDuration } from './durations';
import { importColumns, type ImportColumn } from './importColumns';
import { newDraftRow } from './rows';
import type { DraftRow, OrderKind } from './types';
// The reasons are words: they need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

/**
 * Orders pasted from a spreadsheet or a file, one a line, turned into ticket rows. Only the shape
 * of each line is judged here; prices, steps and ids are judged by checkTicket like any typed row.
 */

export { importColumns, type ImportColumn } from './importColumns';

export interface ImportProblem {
  /** 1-based, as the trader sees the pasted text. */
  line: number;
  reason: string;
}
export interface ImportContext {
  durations: readonly Duration[];
  /** The service's markets, to resolve a bare base ("ETH") and name a symbol it does not list. */
  symbols?: readonly string[];
}
export interface ImportResult {
  rows: DraftRow[];
  problems: ImportProblem[];
}

const requiredColumns: readonly ImportColumn[] = ['symbol', 'order_type', 'side'];
const durationTypes = ['IOC', 'FOK', 'POST_ONLY'];
const knownTypes = ['LIMIT', 'MARKET', ...durationTypes];

const isColumn = (name: string): name is ImportColumn => (importColumns as readonly string[]).includes(name);

interface Line {
  line: number;
  cells: string[];
  error?: string;
}

function describeParseError(error: Papa.ParseError): string {
  if (error.code === 'MissingQuotes') return t`A quoted cell is not closed`;
  if (error.code === 'InvalidQuotes') return t`A quote in the middle of a cell: put quotes around the whole cell`;
  return error.message;
}

/**
 * Non-blank lines with their trimmed cells. A spreadsheet copies as tabs on every line, so a tab in
 * the first line means TSV; guessing line by line would let a comma inside a tag change the format.
 */
function readLines(text: string): Line[] {
  const normal = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const first = normal.split('\n').find((line) => line.trim() !== '') ?? '';
  const lines: Line[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(normal, {
    delimiter: first.includes('\t') ? '\t' : ',',
    newline: '\n',
    skipEmptyLines: false,
    step: (result) => {
      const cells = result.data.map((cell) => cell.trim());
      const error = result.errors[0];
      if (cells.some((cell) => cell !== '')) lines.push({ line, cells, error: error && describeParseError(error) });
      // A quoted cell may span lines, so the next row starts as many lines down as this one took.
      const end = result.meta.cursor;
      line += normal.slice(start, end).split('\n').length - 1;
      start = end;
    },
  });
  return lines;
}

/** Data never holds a field name where it matters, so one such name marks the line as a header. */
const isHeader = (cells: readonly string[]) => cells.some((cell) => isColumn(cell.toLowerCase()));

function readHeader(cells: readonly string[]) {
  const reasons: string[] = [];
  const seen = new Set<ImportColumn>();
  const columnList = importColumns.join(', ');
  const columns = cells.map((cell) => {
    const name = cell.toLowerCase();
    if (name === '') return undefined;
    if (!isColumn(name)) reasons.push(t`Unknown column "${cell}": the columns are ${columnList}`);
    else if (seen.has(name)) reasons.push(t`Column ${name} appears twice; the first one is used`);
    else {
      seen.add(name);
      return name;
    }
    return undefined;
  });
  const missing = requiredColumns.filter((column) => !seen.has(column));
  const missingColumns = missing.join(', ');
  if (missing.length > 0) reasons.push(t`No ${missingColumns} column, so no order could be read`);
  return { columns, reasons, complete: missing.length === 0 };
}

/** Keeps the trader's digits as typed, once they are known to be a plain decimal. */
function readNumber(column: ImportColumn, value: string, reasons: string[]): string {
  // "1.000" from a spreadsheet in German is a thousand, here it would be one: asked, not guessed.
  // The field stays empty, so the row cannot go until the trader types the figure they mean (an
  // edit of another field clears the line's mark, and must not leave one of the readings behind).
  // "0.001" is no thousands: nobody groups a zero, so it is the decimal it looks like.
  if (separators().group === '.' && /^[1-9]\d{0,2}\.\d{3}$/.test(value)) {
    const thousands = value.replaceAll('.', '');
    const decimal = value.replace(/0+$/, '').replace(/\.$/, '');
    reasons.push(t`${column} "${value}" could be ${thousands} or ${decimal}: write numbers with “.” for decimals and no thousands separator`);
    return '';
  }
  if (value === '' || parseDecimal(value)) return value;
  if (value.startsWith('-') && parseDecimal(value.slice(1))) reasons.push(t`${column} "${value}" is negative`);
  else if (/^(\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(value)) reasons.push(t`${column} "${value}" must be written out, without an exponent`);
  else reasons.push(t`${column} "${value}" is not a number`);
  return value;
}

function readType(value: string, durations: readonly Duration[], reasons: string[]) {
  const type = value.toUpperCase();
  const kind: OrderKind = type === 'MARKET' ? 'market' : 'limit';
  const typeList = knownTypes.join(', ');
  if (type === '') reasons.push(t`order_type is missing`);
  else if (type === 'ASK' || type === 'BID') reasons.push(t`order_type ${type} cannot be placed from the ticket; use LIMIT or MARKET`);
  else if (!knownTypes.includes(type)) reasons.push(t`order_type "${value}" is not one of ${typeList}`);
  else if (type === 'MARKET') return { kind, durationId: defaultDurationFor('market', durations)?.id ?? '' };
  else if (type === 'LIMIT') {
    const plain = plainLimitDuration(durations);
    if (plain || durationsFor('limit', durations).length === 0) return { kind, durationId: plain?.id ?? '' };
    reasons.push(t`order_type LIMIT is not offered by this service: none of its limit durations sends a plain LIMIT`);
  }
  else {
    const duration = durationsFor('limit', durations).find((offered) => offered.id.toUpperCase() === type);
    if (duration) return { kind, durationId: duration.id };
    reasons.push(t`order_type ${type} is not offered by this service: it has no ${type} duration for limit orders`);
  }
  return undefined;
}

function readChoice<T extends string>(column: ImportColumn, value: string, choices: readonly [T, T], reasons: string[]) {
  const choice = choices.find((option) => option === value.toUpperCase());
  const [first, second] = choices;
  if (value === '') reasons.push(t`${column} is missing`);
  else if (!choice) reasons.push(t`${column} "${value}" must be ${first} or ${second}`);
  return choice;
}

/**
 * The market a pasted symbol names: the full symbol, or a bare base ("ETH") when exactly one of the
 * service's markets has it. Without the markets (not loaded yet) the symbol is kept as written.
 */
function resolveSymbol(value: string, symbols: readonly string[], reasons: string[]): string {
  const symbol = value.toUpperCase();
  if (symbol === '') reasons.push(t`symbol is missing`);
  if (symbol === '' || symbols.length === 0 || symbols.includes(symbol)) return symbol;
  const matches = symbols.filter((known) => baseAsset(known) === symbol);
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length > 1) {
    const markets = anyOf(matches);
    reasons.push(t`symbol ${value} could be ${markets}: write the one meant`);
  } else reasons.push(t`symbol ${value} is not a market of this service`);
  return symbol;
}

/** Markets in a list the trader reads as alternatives ("A or B"), in the active language. */
function anyOf(symbols: readonly string[]): string {
  return new Intl.ListFormat(i18n.locale === 'pseudo' ? 'en' : i18n.locale, { type: 'disjunction' }).format(symbols);
}

/** A cell past the last column: of the interface's order without a header, of the header's with one. */
function beyondColumns(index: number, value: string, headerColumns: number | undefined): string {
  const cell = index + 1;
  if (headerColumns === undefined) {
    const orderColumns = importColumns.length;
    return t`Cell ${cell} "${value}" is beyond the ${orderColumns} columns of an order`;
  }
  return t`Cell ${cell} "${value}" is beyond the header's ${headerColumns} columns`;
}

/** What the line says, read as far as it can be: a row even when some cell is wrong. */
function readOrder(cell: (column: ImportColumn) => string, context: ImportContext, reasons: string[]): DraftRow {
  const { durations } = context;
  const symbol = resolveSymbol(cell('symbol'), context.symbols ?? [], reasons);
  const type = readType(cell('order_type'), durations, reasons);
  const side = readChoice<Side>('side', cell('side'), ['BUY', 'SELL'], reasons);
  const marginMode = readChoice<MarginMode>('margin_mode', cell('margin_mode') || 'CROSS', ['CROSS', 'ISOLATED'], reasons);
  const price = readNumber('order_price', cell('order_price'), reasons);
  const quantity = readNumber('order_quantity', cell('order_quantity'), reasons);
  const amount = readNumber('order_amount', cell('order_amount'), reasons);
  const visibleQuantity = readNumber('visible_quantity', cell('visible_quantity'), reasons);
  if (amount !== '' && quantity !== '') reasons.push(t`Give order_quantity or order_amount, not both`);
  else if (amount !== '' && type && type.kind !== 'market') reasons.push(t`order_amount is only for MARKET orders; give order_quantity`);

  const row = newDraftRow(durations, symbol, type?.kind ?? 'limit');
  return {
    ...row,
    side: side ?? 'BUY',
    durationId: type?.durationId ?? row.durationId,
    price,
    size: amount || quantity,
    sizeUnit: amount !== '' && quantity === '' ? 'amount' : 'quantity',
    visibleQuantity,
    tag: cell('order_tag'),
    marginMode: marginMode ?? 'CROSS',
    clientOrderId: cell('client_order_id') || row.clientOrderId,
  };
}

/**
 * Reads pasted CSV or TSV, with or without a header line. Every line becomes a row, in the order
 * pasted; one that cannot be read whole carries its line and reasons (`pasteError`), so it is shown
 * and fixed in the ticket instead of vanishing. Only a header's problems are reported apart.
 */
export function parseOrderLines(text: string, context: ImportContext): ImportResult {
  const lines = readLines(text);
  const rows: DraftRow[] = [];
  const problems: ImportProblem[] = [];
  let columns: readonly (ImportColumn | undefined)[] = importColumns;
  let headerColumns: number | undefined;
  const first = lines[0];
  if (first && !first.error && isHeader(first.cells)) {
    lines.shift();
    const header = readHeader(first.cells);
    if (header.reasons.length > 0) problems.push({ line: first.line, reason: header.reasons.join('; ') });
    if (!header.complete) return { rows, problems };
    columns = header.columns;
    headerColumns = columns.length;
  }

  for (const { line, cells, error } of lines) {
    const reasons: string[] = error ? [error] : [];
    const extra = cells.findIndex((value, index) => index >= columns.length && value !== '');
    if (extra >= 0) reasons.push(beyondColumns(extra, cells[extra] ?? '', headerColumns));
    const cell = (column: ImportColumn) => {
      const index = columns.indexOf(column);
      return index >= 0 ? (cells[index] ?? '') : '';
    };
    const row = readOrder(cell, context, reasons);
    rows.push(reasons.length > 0 ? { ...row, pasteError: { line, reason: reasons.join('; ') } } : row);
  }
  return { rows, problems };
}
