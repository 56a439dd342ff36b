import { t } from '@lingui/core/macro';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';
import Big from 'big.js';
import type { JournalOrder, Side } from '@/interface';

/** A price drawn across the chart: a working order, or an order of the ticket not sent yet. */
export interface ChartPriceLine {
  id: string;
  price: number;
  side: Side;
  /** Drafts are dashed: they are not on any book. */
  source: 'order' | 'draft';
  title: string;
}

/** What the chart needs of a ticket row (the ticket keeps prices as the text the trader typed). */
export interface DraftLike {
  id: string;
  symbol: string;
  side: Side;
  kind: 'limit' | 'market';
  price: string;
}

const PLAIN_DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/** A typed price, if it is a whole positive decimal yet ("12." while typing is not drawn). */
function typedPrice(text: string): number | undefined {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed) || trimmed.endsWith('.')) return undefined;
  const price = new Big(trimmed);
  return price.gt(0) ? Number(price.toFixed()) : undefined;
}

/** Every limit row of the ticket on this market with a price, numbered as the ticket lists them. */
export function draftLines(rows: readonly DraftLike[], symbol: string): ChartPriceLine[] {
  const lines: ChartPriceLine[] = [];
  rows.forEach((row, index) => {
    if (row.symbol !== symbol || row.kind !== 'limit') return;
    const price = typedPrice(row.price);
    if (price === undefined) return;
    const rowNumber = index + 1;
    const title = row.side === 'BUY' ? t`#${rowNumber} buy` : t`#${rowNumber} sell`;
    lines.push({ id: `draft:${row.id}`, price, side: row.side, source: 'draft', title });
  });
  return lines;
}

/** Order types that rest on a book at a price; market, IOC and FOK orders never do, ASK and BID take the best price. */
const RESTING: ReadonlySet<JournalOrder['order_type']> = new Set(['LIMIT', 'POST_ONLY']);
/** On the service or on its way: the service reports no fills or cancels, so a placed order may still rest. */
const WORKING: ReadonlySet<JournalOrder['status']> = new Set(['pending', 'sent', 'accepted']);

export type OrderLike = Pick<JournalOrder, 'ticket_id' | 'seq' | 'status' | 'symbol' | 'side' | 'order_type' | 'order_price'>;

/** A working order's label on the price axis: its side and how far it got. */
function orderLineTitle(side: Side, status: JournalOrder['status']): string {
  const buy = side === 'BUY';
  if (status === 'accepted') return buy ? t`buy placed` : t`sell placed`;
  if (status === 'sent') return buy ? t`buy sent` : t`sell sent`;
  return buy ? t`buy pending` : t`sell pending`;
}

/** The journal's resting orders on this market that are placed or on their way. */
export function orderLines(orders: readonly OrderLike[], symbol: string): ChartPriceLine[] {
  const lines: ChartPriceLine[] = [];
  for (const order of orders) {
    if (order.symbol !== symbol || order.order_price === null || order.order_price <= 0) continue;
    if (!RESTING.has(order.order_type) || !WORKING.has(order.status)) continue;
    lines.push({
      id: `order:${order.ticket_id}:${order.seq}`,
      price: order.order_price,
      side: order.side,
      source: 'order',
      title: orderLineTitle(order.side, order.status),
    });
  }
  return lines;
}

/** What changed between the lines drawn and the lines wanted, by id: a poll that changes nothing redraws nothing. */
export function diffLines(drawn: ReadonlyMap<string, ChartPriceLine>, wanted: readonly ChartPriceLine[]) {
  const wantedById = new Map(wanted.map((line) => [line.id, line]));
  const removed = [...drawn.keys()].filter((id) => {
    const next = wantedById.get(id);
    const now = drawn.get(id);
    return !next || !now || next.price !== now.price || next.side !== now.side || next.title !== now.title;
  });
  const added = wanted.filter((line) => !drawn.has(line.id) || removed.includes(line.id));
  return { removed, added };
}
