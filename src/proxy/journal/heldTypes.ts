/** The journal's held orders as every store adapter sees them (SQLite and PostgreSQL alike). */
import type { HeldOrder, HeldOrderType, OrderRequest, Side } from '@/interface';
import type { NewTicket } from './types';

/** A held order to arm, as checked by the holder. */
export interface NewHeldOrder {
  id: string;
  idempotencyKey: string;
  bodyHash: string;
  type: HeldOrderType;
  symbol: string;
  side: Side;
  orderQuantity: number;
  triggerPrice: number | null;
  orderPrice: number | null;
  trailingDistance: number | null;
  trailingPercent: number | null;
  bestMark: number | null;
  ocoWith: string | null;
  clientRef: string | null;
  now: number;
  /** MAX_HELD_ORDERS: the arm is refused inside its write when this many of its account are live. */
  maxLive?: number;
  /** The account it fires through, by name (absent: "main", as rows from before issue 30). */
  account?: string;
  /** Who placed it, by name (absent: null, as rows from before issue 30). */
  placedBy?: string | null;
  /** A TWAP's schedule (its started_at is when it is armed). */
  twap?: TwapColumns;
}

/** Fields a PATCH may change (null clears nothing: undefined leaves a field as it is). */
export interface HeldChanges {
  state?: 'armed' | 'paused';
  orderQuantity?: number;
  triggerPrice?: number;
  orderPrice?: number;
  trailingDistance?: number;
  trailingPercent?: number;
  bestMark?: number | null;
}

/** An OCO partner that could not be linked: gone, settled, or already linked. */
export class HeldConflictError extends Error {}
/** MAX_HELD_ORDERS reached when the arm was written (another arm got there first). */
export class HeldLimitError extends Error {}

/** The words of MAX_HELD_ORDERS, which counts each account's held orders on their own. */
export const heldLimitMessage = (maxLive: number, account: string) =>
  `at most ${maxLive} held orders of account ${account} may be armed or paused (MAX_HELD_ORDERS); nothing was armed`;
/** The idempotency key was taken by an arm written meanwhile: answer as a replay of it. */
export class HeldKeyTakenError extends Error {}

/** A held order as stored: the view's fields, the bracket and TWAP columns flat. */
export type HeldRow = Pick<
  HeldOrder,
  | 'id' | 'type' | 'state' | 'symbol' | 'side' | 'order_quantity' | 'trigger_price' | 'order_price' | 'trailing_distance'
  | 'trailing_percent' | 'best_mark' | 'oco_with' | 'client_ref' | 'fired_mark' | 'fired_at' | 'created_at' | 'updated_at' | 'reason'
> & {
  client_order_id: string | null;
  entry_ticket_id: string | null;
  entry_client_order_id: string | null;
  duration_ms: number | null;
  slice_ms: number | null;
  max_slippage_percent: number | null;
  price_limit: number | null;
  randomize_percent: number | null;
  started_at: number | null;
  next_slice: number;
  slices_sent: number;
  slices_skipped: number;
  slices_missed: number;
  quantity_sent: number;
  /** Firings whose order was never sent (each armed it again): the current firing's ticket, see firedTicketId. */
  fire_count: number;
  /** The ticket that carried its fired order (with others fired in the same poll). */
  fired_ticket_id: string | null;
  /** The account it fires through, by name (issue 30). */
  account: string;
  /** Who placed it, by name (issue 30); null for rows from before it. */
  placed_by: string | null;
};

/** The ticket id of a TWAP's slice n (from 1); its order's client order id is `<id>-<n>`. */
export const sliceTicketId = (heldId: string, slice: number) => `${heldId}-s${slice}`;

/** A TWAP's columns, written with the row that arms it. */
export interface TwapColumns {
  durationMs: number;
  sliceMs: number;
  maxSlippagePercent: number | null;
  priceLimit: number | null;
  randomizePercent: number | null;
  startedAt: number;
}

/** A slice to journal: where the schedule was (`from`), where it goes, and the ticket that sends it. */
export interface JournaledSlice {
  id: string;
  from: number;
  /** The next slice not yet handled after this one. */
  next: number;
  missed: number;
  /** quantity_sent with this slice. */
  quantitySent: number;
  /** This slice sends the last of the quantity: the TWAP is fired. */
  last: boolean;
  mark: number;
  ticket: NewTicket;
  /** The row's terms the slice was sized and priced on: journaled only if no PATCH changed them since. */
  terms: Pick<HeldRow, 'order_quantity' | 'price_limit' | 'max_slippage_percent'>;
}

/** Fields a TWAP's PATCH may change (undefined leaves one as it is). */
export interface TwapChanges {
  state?: 'armed' | 'paused';
  orderQuantity?: number;
  priceLimit?: number;
  maxSlippagePercent?: number;
}

/** A bracket's exit, as checked by Brackets: held until its entry's answer is known. */
export interface NewExit {
  id: string;
  idempotencyKey: string;
  bodyHash: string;
  type: HeldOrderType;
  symbol: string;
  side: Side;
  orderQuantity: number;
  triggerPrice: number;
  orderPrice: number | null;
  ocoWith: string | null;
  clientRef: string | null;
}

/** The exits still waiting for their entry's answer, with that entry. */
export interface AwaitingExit {
  id: string;
  entry_ticket_id: string;
  entry_client_order_id: string;
}

/** A held order about to fire: its order, the ticket it would carry if it fired first, the mark that crossed it. */
export interface FiringOrder {
  id: string;
  /** Its own fired ticket id (see firedTicketId): the group's ticket id when it is the first to fire. */
  ticketId: string;
  order: OrderRequest;
  mark: number;
  /** The row's terms its order was made from and its crossing judged on: it fires only if they still hold. */
  terms: FiringTerms;
}

/** What a held order's firing was decided on; a change committed since (a PATCH) leaves it armed. */
export type FiringTerms = Pick<HeldRow, 'order_quantity' | 'trigger_price' | 'order_price' | 'trailing_distance' | 'trailing_percent'>;

export const firingTermsOf = (row: FiringTerms): FiringTerms => ({
  order_quantity: row.order_quantity,
  trigger_price: row.trigger_price,
  order_price: row.order_price,
  trailing_distance: row.trailing_distance,
  trailing_percent: row.trailing_percent,
});

/**
 * What one firing of a group wrote: the held orders fired, their ticket, the OCO partners
 * cancelled, and those still armed whose terms changed after they were read (not fired: judged
 * again on their new terms).
 */
export interface FiredGroup {
  fired: FiringOrder[];
  ticket?: NewTicket;
  cancelled: string[];
  changed: string[];
}

/**
 * The ticket a held order's current firing opens when it is the first of its poll's group: its own
 * id the first time, `<id>-r<n>` after n firings whose order was never sent (each firing a new
 * ticket: a ticket is sent once). The ticket that carried it is its row's `fired_ticket_id`.
 */
export const firedTicketId = (row: { id: string; fire_count: number }) => (row.fire_count === 0 ? row.id : `${row.id}-r${row.fire_count}`);

/** The client order id of a held order's current firing: `<id>-1`, then `<id>-2`… (never one the service may have seen). */
export const firedClientOrderId = (row: { id: string; fire_count: number }) => `${row.id}-${row.fire_count + 1}`;

/** A held order armed again, and the OCO partner its firing had cancelled, if that one was armed again too. */
export interface Rearmed {
  id: string;
  partner?: string;
  reason: string;
  /** Not armed again but cancelled: the trader asked to cancel it after it fired (see CANCEL_AFTER_FIRING). */
  cancelled?: true;
}

/**
 * A fired order's reason once the trader asked to cancel it (answered 409 "already fired"): if its
 * order turns out never sent, it is cancelled, not armed again behind the trader's back.
 */
export const CANCEL_AFTER_FIRING = 'cancel asked after it fired: not armed again if its order is not sent';

/**
 * The reason an OCO partner is cancelled with when its partner `id` fires, and the one it gets
 * when it was paused then: a firing whose order is not sent puts the partner back as it was,
 * armed or paused (a paused order must not start firing because its partner's order failed).
 */
export const partnerFired = (id: string) => `its OCO partner ${id} fired`;
export const partnerFiredWhilePaused = (id: string) => `its OCO partner ${id} fired while it was paused`;
/** The reason of a partner its partner's firing cancelled, then the trader cancelled too: never put back. */
export const CANCELLED_BY_TRADER = 'cancelled by the trader';
/** Reasons a re-arm puts a partner back for (LIKE patterns of partnerFired and partnerFiredWhilePaused). */
export const PARTNER_FIRED_LIKE = 'its OCO partner % fired%';

/** The reason of a partner put back: armed, or paused as it was. */
export const partnerBack = (id: string, paused: boolean) => `its OCO partner ${id} was not sent; ${paused ? 'paused' : 'armed'} again`;

/** The reason of a fired order cancelled so, once its order was not sent after all. */
export const cancelledUnsent = (message: string) => `its order was not sent (${message}); cancelled, as asked after it fired`;
