import { createColumnHelper, createSortedRowModel, rowSortingFeature, sortFn_alphanumeric, tableFeatures } from '@tanstack/react-table';
import type { MarketRow } from '../model/marketRow';
import { ChangeCell, CompactCell, CountdownCell, FundingCell, PriceCell, SymbolCell } from './cells';

export const marketFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric },
});

const helper = createColumnHelper<typeof marketFeatures, MarketRow>();

export interface MarketColumnMeta {
  /** Width in px. */
  width: number;
  align: 'left' | 'right';
  /** What the header's tooltip says. */
  description: string;
}

/** Columns of the markets table: ids are the row fields they show. */
export const marketColumns = helper.columns([
  helper.accessor('symbol', {
    header: 'Market',
    sortFn: 'alphanumeric',
    cell: ({ row }) => <SymbolCell row={row.original} />,
    meta: { width: 140, align: 'left', description: 'Perpetual future, quoted in USDC' },
  }),
  helper.accessor('mark_price', {
    header: 'Mark',
    cell: ({ row }) => (
      <PriceCell value={row.original.mark_price} decimals={row.original.priceDecimals} tick={row.original.markTick} />
    ),
    meta: { width: 110, align: 'right', description: 'Mark price: what positions are valued and liquidated at' },
  }),
  helper.accessor('index_price', {
    header: 'Index',
    cell: ({ row }) => <PriceCell value={row.original.index_price} decimals={row.original.priceDecimals} />,
    meta: { width: 110, align: 'right', description: 'Index price: the spot reference of the market' },
  }),
  helper.accessor('change24h', {
    header: '24h change',
    sortUndefined: 'last',
    cell: ({ row }) => <ChangeCell ratio={row.original.change24h} />,
    meta: { width: 90, align: 'right', description: 'Last price against the price 24 hours ago' },
  }),
  helper.accessor('24h_high', {
    header: '24h high',
    cell: ({ row }) => <PriceCell value={row.original['24h_high']} decimals={row.original.priceDecimals} />,
    meta: { width: 104, align: 'right', description: 'Highest price of the last 24 hours' },
  }),
  helper.accessor('24h_low', {
    header: '24h low',
    cell: ({ row }) => <PriceCell value={row.original['24h_low']} decimals={row.original.priceDecimals} />,
    meta: { width: 104, align: 'right', description: 'Lowest price of the last 24 hours' },
  }),
  helper.accessor('24h_amount', {
    header: '24h volume',
    cell: ({ row }) => <CompactCell value={row.original['24h_amount']} />,
    meta: { width: 92, align: 'right', description: 'Traded in the last 24 hours, in USDC' },
  }),
  helper.accessor('est_funding_rate', {
    header: 'Funding',
    cell: ({ row }) => <FundingCell row={row.original} />,
    meta: { width: 90, align: 'right', description: 'Estimated funding rate per 8 hours; hover a rate for its yearly rate' },
  }),
  helper.accessor('next_funding_time', {
    header: 'Next funding',
    cell: ({ row }) => <CountdownCell at={row.original.nextFundingAt} />,
    meta: { width: 96, align: 'right', description: 'Time left until funding settles' },
  }),
  helper.accessor('open_interest', {
    header: 'Open interest',
    cell: ({ row }) => <CompactCell value={row.original.open_interest} />,
    meta: { width: 100, align: 'right', description: 'Open contracts, in the base asset' },
  }),
]);
