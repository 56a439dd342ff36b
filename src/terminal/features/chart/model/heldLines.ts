import { t } from '@lingui/core/macro';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';
import { namedPlacer, type HeldOrder, type HeldOrderType, type Side } from '@/interface';
import { formatPlain } from '@/terminal/shared/format/number';
import type { ChartColours } from './colours';
import { slotStart, toChartTime, type ChartTime } from './series';

/** What a held order does when its moment comes, as the chart colours and names it. */
export type HeldKind = 'stop' | 'take-profit' | 'trailing' | 'twap';

const KINDS: Record<HeldOrderType, HeldKind> = {
  STOP_MARKET: 'stop',
  STOP_LIMIT: 'stop',
  TAKE_PROFIT_MARKET: 'take-profit',
  TAKE_PROFIT_LIMIT: 'take-profit',
  TRAILING_STOP: 'trailing',
  TWAP: 'twap',
};

export const heldKindOf = (type: HeldOrderType): HeldKind => KINDS[type];

/** The colour of each kind, one design token each (colours.ts reads them). */
export const heldColourOf: Record<HeldKind, keyof ChartColours> = {
  stop: 'heldStop',
  'take-profit': 'heldTakeProfit',
  trailing: 'heldTrailing',
  twap: 'heldTwap',
};

/**
 * A price line of a held order: its trigger (the one a trader grabs to move it), the limit price a
 * stop limit or take-profit limit would send at, or a TWAP's price limit.
 */
export interface HeldLine {
  /** The order and the part: the same order keeps its lines across polls. */
  id: string;
  orderId: string;
  kind: HeldKind;
  part: 'trigger' | 'limit';
  side: Side;
  price: number;
  /** Kind, side and quantity: "SL SELL 0.5"; a limit line's "SL limit". */
  label: string;
  /** The label and, when it cannot fire now, why: "… · waiting for a fresh price". */
  title: string;
  /** Dashed: not judged now (paused, no fresh price); dotted: a limit price, not a trigger. */
  style: 'solid' | 'dashed' | 'dotted';
  /** Paused or waiting for a fresh price: drawn dimmed. */
  dimmed: boolean;
  /** A stop's or take-profit's trigger; a trailing stop moves its own (its distance is edited in the panel). */
  movable: boolean;
}

/** A fired held order's mark on the candle it fired in. */
export interface HeldMarker {
  id: string;
  time: ChartTime;
  price: number;
  kind: HeldKind;
  side: Side;
  text: string;
}

/** A kind's short name on the chart. */
export function heldShortName(kind: HeldKind): string {
  if (kind === 'stop') return t({ message: 'SL', context: 'a held stop(-loss) order, short, on a chart line' });
  if (kind === 'take-profit') return t({ message: 'TP', context: 'a held take-profit order, short, on a chart line' });
  if (kind === 'trailing') return t({ message: 'TRAIL', context: 'a held trailing stop, short, on a chart line' });
  return t({ message: 'TWAP', context: 'a held TWAP order, short, on a chart line' });
}

const sideWord = (side: Side) =>
  side === 'BUY'
    ? t({ message: 'BUY', context: 'order side, as the service writes it' })
    : t({ message: 'SELL', context: 'order side, as the service writes it' });

function whyNot(order: HeldOrder, label: string): string {
  if (order.state === 'paused') return t`${label} · paused`;
  if (order.waiting_for_fresh_price) return t`${label} · waiting for a fresh price`;
  return label;
}

/** The trigger line and, for a limit kind, its limit price (faint: it is sent at, not watched). */
function triggerLines(order: HeldOrder, kind: HeldKind): HeldLine[] {
  if (order.trigger_price === null || order.trigger_price <= 0) return [];
  const quantity = formatPlain(order.order_quantity);
  const short = heldShortName(kind);
  const label = `${short} ${sideWord(order.side)} ${quantity}`;
  const dimmed = order.state === 'paused' || order.waiting_for_fresh_price;
  const base = { orderId: order.id, kind, side: order.side, dimmed };
  const lines: HeldLine[] = [
    {
      ...base,
      id: `held:${order.id}`,
      part: 'trigger',
      price: order.trigger_price,
      label,
      title: whyNot(order, label),
      style: dimmed ? 'dashed' : 'solid',
      movable: kind === 'stop' || kind === 'take-profit',
    },
  ];
  if (order.order_price !== null && order.order_price > 0) {
    const limit = t`${short} limit`;
    lines.push({ ...base, id: `held-limit:${order.id}`, part: 'limit', price: order.order_price, label: limit, title: limit, style: 'dotted', movable: false });
  }
  return lines;
}

/** A TWAP has no trigger: its price limit, if it has one, is the price its slices stop at. */
function twapLines(order: HeldOrder): HeldLine[] {
  const limit = order.twap?.price_limit ?? null;
  if (limit === null || limit <= 0) return [];
  const label = t`TWAP limit`;
  const dimmed = order.state === 'paused' || order.waiting_for_fresh_price;
  return [
    { id: `held-limit:${order.id}`, orderId: order.id, kind: 'twap', part: 'limit', side: order.side, price: limit, label, title: whyNot(order, label), style: 'dashed', dimmed, movable: false },
  ];
}

/**
 * The lines of this market's armed and paused held orders (a trailing stop at its level now). `me`:
 * the desk's person; an order someone else placed is drawn, not moved (only its placer changes it).
 */
export function heldLines(orders: readonly HeldOrder[], symbol: string, me?: string): HeldLine[] {
  return orders.flatMap((order) => {
    if (order.symbol !== symbol || (order.state !== 'armed' && order.state !== 'paused')) return [];
    const kind = heldKindOf(order.type);
    const lines = kind === 'twap' ? twapLines(order) : triggerLines(order, kind);
    const placer = namedPlacer(order);
    const others = me !== undefined && placer !== undefined && placer !== me;
    return others ? lines.map((line) => ({ ...line, movable: false })) : lines;
  });
}

/** Markers of this market's fired held orders, on the candle of their `fired_at`, at their `fired_mark`, oldest first. */
export function heldMarkers(orders: readonly HeldOrder[], symbol: string, resolutionMs: number): HeldMarker[] {
  const markers: HeldMarker[] = [];
  for (const order of orders) {
    if (order.symbol !== symbol || order.state !== 'fired' || order.fired_at === null || order.fired_mark === null) continue;
    const kind = heldKindOf(order.type);
    const short = heldShortName(kind);
    markers.push({
      id: `fired:${order.id}`,
      time: toChartTime(slotStart(order.fired_at, resolutionMs)),
      price: order.fired_mark,
      kind,
      side: order.side,
      text: t`${short} fired`,
    });
  }
  return markers.sort((a, b) => a.time - b.time);
}
