import { t } from '@lingui/core/macro';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';
import Big from 'big.js';
import type { JournalOrder, Side } from '@/interface';

/**
 * A price drawn across the chart: the working orders, or the ticket's orders not sent yet, of one
 * side at one price. Several at a price are one line, its label counted ("buy ×3"): labels drawn
 * over each other could not be read, nor counted.
 */
export interface ChartPriceLine {
  /** Source, side and price: the same orders at the same price keep their line across polls. */
  id: string;
  price: number;
  side: Side;
  /** Drafts are dashed: they are not on any book. */
  source: 'order' | 'draft';
  /** How many orders the line stands for. */
  count: number;
  title: string;
}

/** What the chart needs of a ticket row (the ticket keeps prices and sizes as the text the trader typed). */
export interface DraftLike {
  id: string;
  symbol: string;
  side: Side;
  kind: 'limit' | 'market';
  price: string;
  size: string;
  /** Set for an order the proxy holds (a stop, a TWAP…), which sends none of `price`. */
  heldKind?: string;
}

const PLAIN_DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/** A typed price, if it is a whole positive decimal yet ("12." while typing is not drawn). */
function typedPrice(text: string): number | undefined {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed) || trimmed.endsWith('.')) return undefined;
  const price = new Big(trimmed);
  return price.gt(0) ? Number(price.toFixed()) : undefined;
}

/** One order at a price, before the orders at one price are gathered into one line. */
interface PricedOrder<Detail> {
  price: number;
  side: Side;
  detail: Detail;
}

/** Orders of one side at one price, in the order they came. */
function byPrice<Detail>(orders: readonly PricedOrder<Detail>[]): PricedOrder<Detail[]>[] {
  const groups = new Map<string, PricedOrder<Detail[]>>();
  for (const { price, side, detail } of orders) {
    const key = `${side}:${price}`;
    const group = groups.get(key);
    if (group) group.detail.push(detail);
    else groups.set(key, { price, side, detail: [detail] });
  }
  return [...groups.values()];
}

/** A row's label: its number in the ticket's list, or the numbers of the rows at that price. */
function draftTitle(side: Side, rowNumbers: readonly number[]): string {
  const count = rowNumbers.length;
  if (count === 1) {
    const rowNumber = rowNumbers[0]!;
    return side === 'BUY' ? t`#${rowNumber} buy` : t`#${rowNumber} sell`;
  }
  const rows = rowNumbers.map((rowNumber) => `#${rowNumber}`).join(' ');
  return side === 'BUY' ? t`${rows} buy ×${count}` : t`${rows} sell ×${count}`;
}

/**
 * The ticket's limit rows on this market that would send something: a price and a size. A row
 * just started (no size yet) draws nothing: a line says an order is there, and an empty row is none.
 * Rows are numbered as the ticket lists them; rows of one side at one price share a line.
 */
export function draftLines(rows: readonly DraftLike[], symbol: string): ChartPriceLine[] {
  const priced: PricedOrder<number>[] = [];
  rows.forEach((row, index) => {
    // A held kind (a stop, a TWAP…) sends none of the row's limit price: no line at it.
    if (row.symbol !== symbol || row.kind !== 'limit' || row.heldKind !== undefined || row.size.trim() === '') return;
    const price = typedPrice(row.price);
    if (price !== undefined) priced.push({ price, side: row.side, detail: index + 1 });
  });
  return byPrice(priced).map(({ price, side, detail }) => ({
    id: `draft:${side}:${price}`,
    price,
    side,
    source: 'draft',
    count: detail.length,
    title: draftTitle(side, detail),
  }));
}

/** Order types that rest on a book at a price; market, IOC and FOK orders never do, ASK and BID take the best price. */
const RESTING: ReadonlySet<JournalOrder['order_type']> = new Set(['LIMIT', 'POST_ONLY']);
/** On the service or on its way: the service reports no fills or cancels, so a placed order may still rest. */
const WORKING: ReadonlySet<JournalOrder['status']> = new Set(['pending', 'sent', 'accepted']);

export type OrderLike = Pick<JournalOrder, 'status' | 'symbol' | 'side' | 'order_type' | 'order_price'>;

/** A working order's label on the price axis: its side and how far it got. */
function orderLineTitle(side: Side, status: JournalOrder['status']): string {
  const buy = side === 'BUY';
  if (status === 'accepted') return buy ? t`buy placed` : t`sell placed`;
  if (status === 'sent') return buy ? t`buy sent` : t`sell sent`;
  return buy ? t`buy pending` : t`sell pending`;
}

/** The journal's resting orders on this market that are placed or on their way, one line per side and price. */
export function orderLines(orders: readonly OrderLike[], symbol: string): ChartPriceLine[] {
  const priced: PricedOrder<JournalOrder['status']>[] = [];
  for (const order of orders) {
    if (order.symbol !== symbol || order.order_price === null || order.order_price <= 0) continue;
    if (!RESTING.has(order.order_type) || !WORKING.has(order.status)) continue;
    priced.push({ price: order.order_price, side: order.side, detail: order.status });
  }
  return byPrice(priced).map(({ price, side, detail }) => {
    const count = detail.length;
    const several = side === 'BUY' ? t`buy ×${count}` : t`sell ×${count}`;
    return { id: `order:${side}:${price}`, price, side, source: 'order', count, title: count === 1 ? orderLineTitle(side, detail[0]!) : several };
  });
}

/** What changed between the lines drawn and the lines wanted, by id: a poll that changes nothing redraws nothing. */
export function diffLines(drawn: ReadonlyMap<string, ChartPriceLine>, wanted: readonly ChartPriceLine[]) {
  const wantedById = new Map(wanted.map((line) => [line.id, line]));
  const removed = [...drawn.keys()].filter((id) => {
    const next = wantedById.get(id);
    const now = drawn.get(id);
    return !next || !now || next.price !== now.price || next.side !== now.side || next.count !== now.count || next.title !== now.title;
  });
  const added = wanted.filter((line) => !drawn.has(line.id) || removed.includes(line.id));
  return { removed, added };
}
