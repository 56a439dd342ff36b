import { t } from '@lingui/core/macro';
import { baseAsset, type CustomField, type JournalOrder } from '@/interface';
import { formatFieldValue } from '@/terminal/shared/format/field';
import { DASH } from '@/terminal/shared/format/number';
import { formatClock } from '@/terminal/shared/format/time';
import type { GridColumn } from '@/terminal/shared/ui/grid/DataGrid';
import { orderPriceText, orderSizeText, type DecimalsBySymbol } from '../model/figures';
import { orderStateText, orderStateTitle } from '../model/orderState';

type Column = GridColumn<JournalOrder>;

const sideCell = (o: JournalOrder) => <span className={o.side === 'BUY' ? 'up' : 'down'}>{o.side}</span>;

/** Prices and quantities with their market's decimals, grouped: the same figures as everywhere else. */
function figureColumns(markets: DecimalsBySymbol, narrow: boolean): Column[] {
  return [
    {
      id: 'order_price',
      title: t`Price`,
      align: 'right',
      width: narrow ? 84 : 100,
      sortValue: (o) => o.order_price,
      cellKey: (o) => orderPriceText(o, markets),
      cell: (o) => <span className="num" dir="ltr">{orderPriceText(o, markets)}</span>,
    },
    {
      id: 'order_quantity',
      // A phone's column is as narrow as its figures: its title too.
      title: narrow ? t({ message: 'Qty', context: 'orders column on a phone: the quantity' }) : t`Quantity`,
      align: 'right',
      width: narrow ? 76 : 100,
      sortValue: (o) => o.order_quantity ?? o.order_amount,
      cellKey: (o) => orderSizeText(o, markets),
      cell: (o) => <span className="num" dir="ltr">{orderSizeText(o, markets)}</span>,
    },
  ];
}

const stateColumn = (width: number): Column => ({
  id: 'status',
  title: t({ message: 'State', context: 'orders column: how far the order got' }),
  tooltip: t`Placed: the service accepted it (at the time shown). Sent (immediate): a market, IOC or FOK order, which never rests`,
  width,
  sortValue: (o) => o.status,
  cellKey: orderStateText,
  cellTitle: orderStateTitle,
  cell: (o) => <span className={`badge badge--${o.status}`}>{orderStateText(o)}</span>,
});

const timeColumn = (): Column => ({
  id: 'created_at',
  title: t({ message: 'Time', context: 'orders column: when the order was sent' }),
  width: 80,
  sortValue: (o) => o.created_at,
  cell: (o) => <span className="num muted" dir="ltr">{formatClock(o.created_at)}</span>,
});
const typeColumn = (): Column => ({ id: 'order_type', title: t({ message: 'Type', context: 'orders column: the order type (limit, market…)' }), width: 96, sortValue: (o) => o.order_type, cell: (o) => o.order_type });
const idColumn = (): Column => ({ id: 'order_id', title: t`Order id`, align: 'right', width: 90, sortValue: (o) => o.order_id, cell: (o) => <span className="num">{o.order_id ?? DASH}</span> });
const HIDDEN = { hiddenByDefault: true } as const;

/** The journal's own columns, built at render: their titles are in the active language. */
export const journalColumns = (markets: DecimalsBySymbol): Column[] => [
  timeColumn(),
  { id: 'symbol', title: t({ message: 'Market', context: 'orders column: the instrument' }), width: 130, sortValue: (o) => o.symbol, cell: (o) => o.symbol },
  { id: 'side', title: t({ message: 'Side', context: 'orders column: buy or sell' }), width: 56, sortValue: (o) => o.side, cell: sideCell },
  typeColumn(),
  ...figureColumns(markets, false),
  stateColumn(180),
  idColumn(),
];

/**
 * A phone's columns: what a trader checks of an order at a glance (market and side, price,
 * quantity, state) in its width; the time, type and id are in the Columns menu.
 */
export const phoneJournalColumns = (markets: DecimalsBySymbol): Column[] => [
  {
    id: 'symbol',
    title: t({ message: 'Market', context: 'orders column: the instrument' }),
    width: 84,
    sortValue: (o) => o.symbol,
    cellKey: (o) => `${o.side} ${o.symbol}`,
    cellTitle: (o) => o.symbol,
    cell: (o) => (
      <>
        {sideCell(o)} {baseAsset(o.symbol) ?? o.symbol}
      </>
    ),
  },
  ...figureColumns(markets, true),
  stateColumn(120),
  { ...timeColumn(), ...HIDDEN },
  { ...typeColumn(), ...HIDDEN },
  { ...idColumn(), ...HIDDEN },
];

/** Why an order was refused or failed: the service's or the proxy's words, as sent. */
export const reasonColumn = (): Column => ({
  id: 'error_message',
  title: t({ message: 'Reason', context: 'orders column: why an order was refused' }),
  width: 260,
  sortValue: (o) => o.error_message ?? undefined,
  cell: (o) => (
    <span className="reason" title={o.error_message ?? undefined}>
      {o.error_message ?? ''}
    </span>
  ),
});

/** A config custom field as a column: id names the journal field, title heads it, tooltip explains it. */
export function customColumn(field: CustomField): Column {
  const read = (order: JournalOrder) => (order as unknown as Record<string, unknown>)[field.id];
  return {
    id: `custom:${field.id}`,
    title: field.title,
    tooltip: field.tooltip || undefined,
    align: field.alignment,
    width: 110,
    sortValue: (order) => {
      const value = read(order);
      return typeof value === 'number' || typeof value === 'string' ? value : undefined;
    },
    cell: (order) => <span className="num">{formatFieldValue(field.id, read(order))}</span>,
  };
}

/** A desk's name cell: the name, or a dash from a proxy before desks or an order nobody approved. */
const nameCell = (name: string | null | undefined) => <span className="orders__name" title={name ?? undefined}>{name ?? DASH}</span>;

/**
 * A desk's columns (issue 30): the account the order went to, who placed it and who approved it
 * (four-eyes). In the Columns menu until the trader shows them: one person trading alone needs none.
 */
export const deskColumns = (): Column[] => [
  {
    id: 'account',
    title: t({ message: 'Account', context: 'orders column: the desk account the order went to' }),
    width: 100,
    hiddenByDefault: true,
    sortValue: (o) => o.account,
    cell: (o) => nameCell(o.account),
  },
  {
    id: 'placed_by',
    title: t({ message: 'Placed by', context: 'orders column: the desk user who sent the order' }),
    width: 100,
    hiddenByDefault: true,
    sortValue: (o) => o.placed_by ?? undefined,
    cell: (o) => nameCell(o.placed_by),
  },
  {
    id: 'approved_by',
    title: t({ message: 'Approved by', context: 'orders column: the risk user who approved the order' }),
    width: 100,
    hiddenByDefault: true,
    sortValue: (o) => o.approved_by ?? undefined,
    cell: (o) => nameCell(o.approved_by),
  },
];
