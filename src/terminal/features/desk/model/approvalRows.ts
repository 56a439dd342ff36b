import { t } from '@lingui/core/macro';
import Big from 'big.js';
import * as z from 'zod/mini';
import { may, type Approval, type Person } from '@/interface';
import { DASH, formatFixed, formatPercent, groupDecimalText, plainNumber } from '@/terminal/shared/format/number';
import { formatAge, formatCountdown } from '@/terminal/shared/format/time';
import '@/terminal/shared/i18n/i18n';

/** One order of an approval as the panel reads it: what the author sent, leniently (nothing is sent from here). */
const orderLineSchema = z.object({
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  order_type: z.optional(z.string()),
  type: z.optional(z.string()),
  order_quantity: z.optional(z.number()),
  order_amount: z.optional(z.number()),
  order_price: z.optional(z.nullable(z.number())),
  trigger_price: z.optional(z.nullable(z.number())),
});
type OrderLine = z.infer<typeof orderLineSchema>;

/** The orders an approval would send: a ticket's batch, or the one held order. */
export function ordersOf(approval: Pick<Approval, 'kind' | 'body'>): OrderLine[] {
  const body = approval.body as { orders?: unknown } | undefined;
  const items = approval.kind === 'ticket' && Array.isArray(body?.orders) ? body.orders : [approval.body];
  return items.flatMap((item) => {
    const parsed = orderLineSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** How far a price is from the mark: a ratio (+0.01 is 1 % above) and whole ticks, signed; exact decimals. */
export function distanceFromMark(price: number, mark: number | undefined, priceDecimals: number | undefined) {
  if (mark === undefined || mark <= 0) return undefined;
  const gap = new Big(plainNumber(price)).minus(plainNumber(mark));
  const ratio = gap.div(plainNumber(mark)).toNumber();
  const ticks = priceDecimals === undefined ? undefined : gap.times(new Big(10).pow(priceDecimals)).round(0, Big.roundHalfUp).toNumber();
  return { ratio, ticks };
}

/** "+1.25 % · +125 ticks", a dash without a price or a mark. */
export function distanceText(distance: ReturnType<typeof distanceFromMark>): string {
  if (!distance) return DASH;
  const percent = formatPercent(distance.ratio, 2);
  if (distance.ticks === undefined) return percent;
  const count = distance.ticks;
  const ticks = count > 0 ? `+${count}` : String(count);
  return t({ message: `${percent} · ${ticks} ticks`, context: 'distance of a price from the mark: percent and price ticks, signed' });
}

export interface OrderLineView {
  key: string;
  side: 'BUY' | 'SELL';
  sideText: string;
  symbol: string;
  type: string;
  quantity: string;
  price: string;
  distance: string;
}

export interface MarketLook {
  markOf(symbol: string): number | undefined;
  priceDecimalsOf(symbol: string): number | undefined;
}

function lineView(order: OrderLine, index: number, markets: MarketLook): OrderLineView {
  const decimals = markets.priceDecimalsOf(order.symbol);
  const price = order.order_price ?? order.trigger_price ?? undefined;
  const quantity = order.order_quantity ?? order.order_amount;
  return {
    key: `${index}`,
    side: order.side,
    sideText: order.side === 'BUY' ? t({ message: 'Buy', context: 'order side' }) : t({ message: 'Sell', context: 'order side' }),
    symbol: order.symbol,
    type: order.order_type ?? order.type ?? DASH,
    quantity: quantity === undefined ? DASH : groupDecimalText(plainNumber(quantity)),
    price: price === undefined ? t({ message: 'market', context: 'an order without a price: at the market' }) : formatFixed(price, Math.max(decimals ?? 0, 0)),
    distance: price === undefined ? DASH : distanceText(distanceFromMark(price, markets.markOf(order.symbol), decimals)),
  };
}

/** What one person may do with one approval, and why not where a control is shown disabled. */
export function approvalRights(approval: Approval, person: Person | undefined) {
  const awaiting = approval.state === 'awaiting';
  const mine = person !== undefined && approval.author === person.name;
  const risk = person !== undefined && may(person, 'approve');
  return {
    mine,
    /** Shown to risk users; on their own request disabled, saying why. */
    showApprove: risk && awaiting,
    approveWhyNot: mine ? t`You asked for this one: another risk user approves it` : undefined,
    showReject: risk && awaiting && !mine,
    showWithdraw: mine && awaiting,
  };
}

export interface ApprovalView {
  approval: Approval;
  lines: OrderLineView[];
  notional: string;
  age: string;
  expiry: string;
  expired: boolean;
  state: string;
  /** Why it waits, as judged when it was asked; undefined when not known. */
  why?: string;
  rights: ReturnType<typeof approvalRights>;
}

/** Why an approval waits: over the author's threshold, or past what they may send a day without approval. */
export function reasonText(reason: Approval['reason']): string | undefined {
  if (reason === 'ticket') return t({ message: 'over the approval threshold', context: "why a ticket waits for approval: its notional is over its author's threshold" });
  if (reason === 'day') {
    return t({ message: 'past the approval-free amount for the day', context: 'why a ticket waits for approval: its author sent as much as they may in a day without approval' });
  }
  return undefined;
}

export function stateText(state: Approval['state']): string {
  switch (state) {
    case 'awaiting':
      return t({ message: 'awaiting approval', context: 'approval state' });
    case 'approved':
      return t({ message: 'approved', context: 'approval state' });
    case 'rejected':
      return t({ message: 'rejected', context: 'approval state' });
    case 'expired':
      return t({ message: 'expired', context: 'approval state' });
    case 'withdrawn':
      return t({ message: 'withdrawn', context: 'approval state' });
    case 'failed':
      return t({ message: 'approved, not sent', context: 'approval state: refused for good when it was submitted; the note says why' });
  }
}

/** An approval ready to render: its orders against the marks now, its age and the time it has left. */
export function approvalView(approval: Approval, person: Person | undefined, markets: MarketLook, now: number): ApprovalView {
  const left = approval.expiresAt - now;
  const countdown = formatCountdown(left);
  return {
    approval,
    lines: ordersOf(approval).map((order, index) => lineView(order, index, markets)),
    notional: groupDecimalText(approval.notional),
    age: formatAge(Math.max(0, now - approval.createdAt)),
    expiry: left > 0 ? t`expires in ${countdown}` : t({ message: 'expired', context: 'approval: its time ran out' }),
    expired: left <= 0,
    state: stateText(approval.state),
    why: reasonText(approval.reason),
    rights: approvalRights(approval, person),
  };
}

/** Awaiting first, the ones expiring soonest on top; then the rest, newest first. */
export function sortApprovals(rows: readonly Approval[]): Approval[] {
  const awaiting = rows.filter((row) => row.state === 'awaiting').sort((a, b) => a.expiresAt - b.expiresAt);
  const rest = rows.filter((row) => row.state !== 'awaiting').sort((a, b) => b.createdAt - a.createdAt);
  return [...awaiting, ...rest];
}
