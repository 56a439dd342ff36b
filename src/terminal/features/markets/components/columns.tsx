import { formatCompact, formatFixed, formatPercent } from '../../../shared/format/number';
import type { GridColumn, Tone } from '../../../shared/ui/grid/columns';
import type { MarketRow } from '../model/marketRow';
import { Countdown, SymbolCell } from './cells';

export type PickPrice = (symbol: string, price: number, decimals: number) => void;

/** up, down or nothing: the tone of a signed number. */
const toneOf = (value: number | null): Tone => (value === null || value === 0 ? '' : value > 0 ? 'up' : 'down');

type PriceField = 'mark_price' | 'index_price' | '24h_high' | '24h_low';

/**
 * A price column, live: a new price is one text node to change. A moved mark is tinted up or down
 * until the next poll (no animation to run every frame). A click makes a limit order at the price
 * shown.
 */
function priceColumn(
  id: PriceField,
  title: string,
  tooltip: string,
  width: number,
  pick: PickPrice | undefined,
): GridColumn<MarketRow> {
  const flashes = id === 'mark_price';
  return {
    id,
    title,
    tooltip: pick ? `${tooltip}. Click a price for a limit order at it` : tooltip,
    align: 'right',
    width,
    sortValue: (row) => row[id],
    text: (row) => formatFixed(row[id], row.priceDecimals),
    tone: flashes ? (row) => row.markTick ?? '' : undefined,
    flash: flashes,
    cellClass: 'num',
    onCellClick: pick ? (row) => pick(row.symbol, row[id], row.priceDecimals) : undefined,
  };
}

export const marketColumns = (pick?: PickPrice): GridColumn<MarketRow>[] => [
  {
    id: 'symbol',
    title: 'Market',
    tooltip: 'Perpetual future, quoted in USDC',
    width: 136,
    sortValue: (row) => row.symbol,
    cell: (row) => <SymbolCell row={row} />,
    hideable: false,
  },
  priceColumn('mark_price', 'Mark', 'Mark price: what positions are valued and liquidated at', 96, pick),
  priceColumn('index_price', 'Index', 'Index price: the spot reference of the market', 96, pick),
  {
    id: 'change24h',
    title: '24h change',
    tooltip: 'Last price against the price 24 hours ago',
    align: 'right',
    width: 96,
    sortValue: (row) => row.change24h,
    text: (row) => formatPercent(row.change24h),
    tone: (row) => toneOf(row.change24h),
    cellClass: 'num',
  },
  priceColumn('24h_high', '24h high', 'Highest price of the last 24 hours', 92, pick),
  priceColumn('24h_low', '24h low', 'Lowest price of the last 24 hours', 92, pick),
  {
    id: '24h_amount',
    title: '24h volume',
    tooltip: 'Traded in the last 24 hours, in USDC',
    align: 'right',
    width: 96,
    sortValue: (row) => row['24h_amount'],
    text: (row) => formatCompact(row['24h_amount']),
    cellClass: 'num',
  },
  {
    id: '24h_volume',
    title: '24h volume (base)',
    tooltip: 'Traded in the last 24 hours, in the base asset',
    align: 'right',
    width: 110,
    sortValue: (row) => row['24h_volume'],
    text: (row) => formatCompact(row['24h_volume']),
    cellClass: 'num',
    hiddenByDefault: true,
  },
  {
    id: 'est_funding_rate',
    title: 'Funding',
    tooltip: 'Estimated funding rate per 8 hours; hover a rate for its yearly rate',
    align: 'right',
    width: 96,
    sortValue: (row) => row.est_funding_rate,
    text: (row) => formatPercent(row.est_funding_rate, 4),
    tone: (row) => toneOf(row.est_funding_rate),
    cellClass: 'num',
    cellTitle: (row) =>
      `${formatPercent(row.est_funding_rate, 4)} per 8 h · ${formatPercent(row.fundingAnnualised, 2)} a year`,
  },
  {
    id: 'last_funding_rate',
    title: 'Last funding',
    tooltip: 'Rate of the last settlement, per 8 hours',
    align: 'right',
    width: 96,
    sortValue: (row) => row.last_funding_rate,
    text: (row) => formatPercent(row.last_funding_rate, 4),
    tone: (row) => toneOf(row.last_funding_rate),
    cellClass: 'num',
    hiddenByDefault: true,
  },
  {
    id: 'next_funding_time',
    title: 'Next funding',
    tooltip: 'Time left until funding settles',
    align: 'right',
    width: 108,
    sortValue: (row) => row.next_funding_time,
    cellKey: (row) => row.nextFundingAt,
    cell: (row) => <Countdown at={row.nextFundingAt} />,
    cellClass: 'num muted',
  },
  {
    id: 'open_interest',
    title: 'Open interest',
    tooltip: 'Open contracts, in the base asset',
    align: 'right',
    width: 112,
    sortValue: (row) => row.open_interest,
    text: (row) => formatCompact(row.open_interest),
    cellClass: 'num',
  },
  {
    id: 'sum_unitary_funding',
    title: 'Cumulative funding',
    tooltip: 'Funding paid per unit since listing, in USDC',
    align: 'right',
    width: 120,
    sortValue: (row) => row.sum_unitary_funding,
    text: (row) => formatCompact(row.sum_unitary_funding),
    cellClass: 'num',
    hiddenByDefault: true,
  },
];
