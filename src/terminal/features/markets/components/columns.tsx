import { t } from '@lingui/core/macro';
import { formatCompact, formatFixed, formatPercent } from '@/terminal/shared/format/number';
import type { GridColumn, Tone } from '@/terminal/shared/ui/grid/columns';
import type { MarketRow } from '../model/marketRow';
import { Countdown, SymbolCell } from './cells';

/** up, down or nothing: the tone of a signed number. */
const toneOf = (value: number | null): Tone => (value === null || value === 0 ? '' : value > 0 ? 'up' : 'down');

type PriceField = 'mark_price' | 'index_price' | '24h_high' | '24h_low';
type CompactField = '24h_amount' | '24h_volume' | 'open_interest' | 'sum_unitary_funding' | 'openInterestValue';
type RateField = 'est_funding_rate' | 'last_funding_rate';

/** A number of the market, right-aligned and sorted by its value. */
function numberColumn(
  id: PriceField | CompactField | RateField | 'change24h',
  title: string,
  tooltip: string,
  width: number,
  text: (row: MarketRow) => string,
): GridColumn<MarketRow> {
  return { id, title, tooltip, align: 'right', width, sortValue: (row) => row[id], text, cellClass: 'num' };
}

/**
 * A price column, live: a new price is one text node to change. A moved mark flashes up or down
 * for a moment (see LiveCells), never a tint that stays until the next poll. A click on it selects
 * the row's market like any other cell: no price is taken from the table.
 */
function priceColumn(id: PriceField, title: string, tooltip: string, width: number, shown: { hiddenByDefault?: true } = {}): GridColumn<MarketRow> {
  const flashes = id === 'mark_price';
  return {
    ...numberColumn(id, title, tooltip, width, (row) => formatFixed(row[id], row.priceDecimals)),
    tone: flashes ? (row) => row.markTick ?? '' : undefined,
    flash: flashes,
    ...shown,
  };
}

const HIDDEN = { hiddenByDefault: true } as const;

/** A size or an amount, compacted (1.23M): live. */
function compactColumn(
  id: CompactField,
  title: string,
  tooltip: string,
  width: number,
  shown: { hiddenByDefault?: true } = {},
): GridColumn<MarketRow> {
  return { ...numberColumn(id, title, tooltip, width, (row) => formatCompact(row[id])), ...shown };
}

/** A funding rate per 8 hours, coloured by its sign: live. */
function fundingColumn(
  id: RateField,
  title: string,
  tooltip: string,
  more: Pick<GridColumn<MarketRow>, 'cellTitle' | 'hiddenByDefault'>,
): GridColumn<MarketRow> {
  return {
    ...numberColumn(id, title, tooltip, 96, (row) => formatPercent(row[id], 4)),
    tone: (row) => toneOf(row[id]),
    ...more,
  };
}

const symbolColumn = (): GridColumn<MarketRow> => ({
  id: 'symbol',
  title: t({ message: 'Market', context: 'markets column: the instrument' }),
  tooltip: t`Perpetual future, quoted in USDC`,
  width: 96,
  sortValue: (row) => row.symbol,
  cell: (row) => <SymbolCell row={row} />,
  hideable: false,
});

const changeColumn = (): GridColumn<MarketRow> => ({
  ...numberColumn('change24h', t({ message: '24h %', context: 'markets column: the change of the last 24 hours' }), t`24h change: last price against the price 24 hours ago`, 80, (row) => formatPercent(row.change24h)),
  tone: (row) => toneOf(row.change24h),
});

/** Rendered, not live: the countdown ticks on its own, and the cell renders only when the time changes. */
const nextFundingColumn = (): GridColumn<MarketRow> => ({
  id: 'next_funding_time',
  title: t`Next funding`,
  tooltip: t`Time left until funding settles`,
  align: 'right',
  width: 100,
  sortValue: (row) => row.next_funding_time,
  cellKey: (row) => row.nextFundingAt,
  cell: (row) => <Countdown at={row.nextFundingAt} />,
  cellClass: 'num muted',
});

/** A funding rate per 8 hours and per year, for the hover of a rate. */
function fundingTitle(row: MarketRow): string {
  const per8Hours = formatPercent(row.est_funding_rate, 4);
  const perYear = formatPercent(row.fundingAnnualised, 2);
  return t`${per8Hours} per 8 h · ${perYear} a year`;
}

/**
 * The markets table's columns, in their default order. Shown at first: what a trader of perpetuals
 * scans (the market, its mark, the day's move, funding and when it settles, open interest in
 * dollars); the rest are one tick away in the Columns menu. Built at render: their titles are in
 * the active language.
 */
export const marketColumns = (): GridColumn<MarketRow>[] => [
  symbolColumn(),
  priceColumn('mark_price', t({ message: 'Mark', context: 'the mark price' }), t`Mark price: what positions are valued and liquidated at`, 96),
  changeColumn(),
  fundingColumn('est_funding_rate', t({ message: 'Funding', context: 'the estimated funding rate' }), t`Estimated funding rate per 8 hours; hover a rate for its yearly rate`, {
    cellTitle: fundingTitle,
  }),
  nextFundingColumn(),
  compactColumn('openInterestValue', t`Open interest`, t`Open contracts valued at the mark price, in USDC`, 104),
  priceColumn('index_price', t({ message: 'Index', context: 'the index price' }), t`Index price: the spot reference of the market`, 96, HIDDEN),
  priceColumn('24h_high', t`24h high`, t`Highest price of the last 24 hours`, 92, HIDDEN),
  priceColumn('24h_low', t`24h low`, t`Lowest price of the last 24 hours`, 92, HIDDEN),
  compactColumn('24h_amount', t`24h volume`, t`Traded in the last 24 hours, in USDC`, 96, HIDDEN),
  compactColumn('24h_volume', t`24h volume (base)`, t`Traded in the last 24 hours, in the base asset`, 110, HIDDEN),
  fundingColumn('last_funding_rate', t`Last funding`, t`Rate of the last settlement, per 8 hours`, HIDDEN),
  compactColumn('open_interest', t`Open interest (base)`, t`Open contracts, in the base asset`, 120, HIDDEN),
  compactColumn('sum_unitary_funding', t`Cumulative funding`, t`Funding paid per unit since listing, in USDC`, 120, HIDDEN),
];
