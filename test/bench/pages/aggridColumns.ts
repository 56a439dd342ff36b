/**
 * AG Grid's side of the comparisons, shared by the markets page (aggrid.tsx) and the whole page
 * (aggridPage.tsx): the same columns, widths, row height and formatting as the terminal, row ids
 * from `getRowId`, and every poll applied as an update transaction, as AG Grid's docs recommend
 * for live data, so the grid redraws only the cells whose values changed.
 */
import {
  AllCommunityModule,
  colorSchemeDark,
  ModuleRegistry,
  themeQuartz,
  type ColDef,
  type GetRowIdParams,
  type GridApi,
  type ValueFormatterParams,
} from 'ag-grid-community';
import { formatCompact, formatFixed, formatPercent } from '@/terminal/shared/format/number';
import { formatCountdown } from '@/terminal/shared/format/time';
import { columnTitles, columnWidths, markUpdate, pollFutures, POLL_MS, type ColumnKey, type Quote } from './shared';

ModuleRegistry.registerModules([AllCommunityModule]);

/** Dark like the terminal, so both paint comparable pixels. */
export const theme = themeQuartz.withPart(colorSchemeDark);

type Value = number | string | null;

/** Raw values for change detection; text only for the cells that changed. */
function column(
  key: ColumnKey,
  value: (row: Quote) => Value,
  format: (value: Value, row: Quote) => string,
  extra: Partial<ColDef<Quote>> = {},
): ColDef<Quote> {
  return {
    colId: key,
    headerName: columnTitles[key],
    // Terminal columns grow from their width to fill the table; so do these.
    flex: 1,
    minWidth: columnWidths[key],
    type: key === 'symbol' ? undefined : 'rightAligned',
    valueGetter: ({ data }) => (data ? value(data) : null),
    valueFormatter: ({ value: cell, data }: ValueFormatterParams<Quote, Value>) => (data ? format(cell ?? null, data) : ''),
    ...extra,
  };
}

const price = (value: Value, row: Quote) => formatFixed(value as number, row.decimals);
const toned = (read: (row: Quote) => number | null) => ({
  cellClassRules: {
    up: ({ data }: { data?: Quote }) => (data ? (read(data) ?? 0) > 0 : false),
    down: ({ data }: { data?: Quote }) => (data ? (read(data) ?? 0) < 0 : false),
  },
});

export const columns: ColDef<Quote>[] = [
  column('symbol', (row) => row.symbol, (value) => String(value)),
  column('mark', (row) => row.mark_price, price, { enableCellChangeFlash: true }),
  column('index', (row) => row.index_price, price),
  column('change', (row) => row.change, (value) => formatPercent(value as number | null), toned((row) => row.change)),
  column('high', (row) => row['24h_high'], price),
  column('low', (row) => row['24h_low'], price),
  column('volume', (row) => row['24h_amount'], (value) => formatCompact(value as number)),
  column('funding', (row) => row.est_funding_rate, (value) => formatPercent(value as number, 4), toned((row) => row.est_funding_rate)),
  // Whole seconds left, so the cell changes (and redraws) once a second like the terminal's countdown.
  column('countdown', (row) => Math.floor((row.next_funding_time - Date.now()) / 1000), (value) => formatCountdown((value as number) * 1000)),
  column('openInterest', (row) => row.open_interest, (value) => formatCompact(value as number)),
];

export const getRowId = ({ data }: GetRowIdParams<Quote>) => data.symbol;

/** Polls the feed into the grid: the first answer added, every later one as an update. */
export function feedGrid(api: GridApi<Quote>): void {
  let loaded = false;
  pollFutures(POLL_MS, (rows) => {
    // applyTransaction is synchronous: when it returns, the changed cells are in the DOM.
    api.applyTransaction(loaded ? { update: rows } : { add: rows });
    loaded = true;
    markUpdate();
  });
}
