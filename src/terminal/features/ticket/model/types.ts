import type { Big } from './decimal';
import type { Duration, MarginMode, Side } from '@/interface';
import type { HeldFields, HeldKind } from './heldTypes';

/** The ticket's order kinds; durations turn a limit into IOC, FOK or POST_ONLY. */
export type OrderKind = 'limit' | 'market';
/**
 * How a row's size is read: a base quantity; an amount in USDC the service fills a market order
 * for; or a USD notional the ticket turns into a base quantity (at the limit price or the mark)
 * before sending.
 */
export type SizeUnit = 'quantity' | 'amount' | 'notional';

/** One order of a ticket, as the trader typed it. Numbers stay text until checked. */
export interface DraftRow {
  id: string;
  symbol: string;
  side: Side;
  kind: OrderKind;
  durationId: string;
  price: string;
  /** As typed, in the unit sizeUnit names. */
  size: string;
  sizeUnit: SizeUnit;
  visibleQuantity: string;
  tag: string;
  marginMode: MarginMode;
  clientOrderId: string;
  /** Expiry asked for by a duration with a date or time picker (yyyy-mm-dd, hh:mm). */
  expiryDate: string;
  expiryTime: string;
  /** Set on a row read from a pasted line that could not be read whole; any edit clears it. */
  pasteError?: PastedLineError;
  /**
   * A kind the proxy holds (stop, take-profit, trailing, TWAP) instead of `kind`, which the row
   * keeps for when the trader goes back to an order sent now. Single-order ticket only.
   */
  heldKind?: HeldKind;
  /** The held kind's fields and a limit or market entry's take-profit / stop-loss, as typed. */
  held?: HeldFields;
  /**
   * The size as typed before its unit was switched, the size the switch showed and the limit
   * price then: switched back with neither typed since, the size is what was typed, not a
   * conversion at a mark that moved (0.0030 BTC → USD → BTC once came back 0.0029). A price typed
   * meanwhile is a new reference: then the size is converted at it.
   */
  sizeBefore?: { size: string; sizeUnit: SizeUnit; shown: string; price?: string };
}

/** The pasted line a row came from and why it could not be read as an order. */
export interface PastedLineError {
  /** 1-based, as the trader sees the pasted text. */
  line: number;
  reason: string;
}

/** What the ticket needs to know of a market to check an order against it. */
export interface MarketContext {
  symbol: string;
  mark_price: number;
  priceDecimals: number;
  quantityDecimals: number;
}

export type RowField =
  | 'line'
  | 'symbol'
  | 'side'
  | 'kind'
  | 'durationId'
  | 'price'
  | 'size'
  | 'visibleQuantity'
  | 'tag'
  | 'clientOrderId'
  | 'expiry'
  | HeldField;

/** The fields of a held kind and of a bracket's exits (model/heldTypes.ts). */
export type HeldField = `held.${keyof HeldFields}`;

/** The fields whose refused keys stay with the order (a key of `refusedFields`: `rowId:field`). */
export type RefusableField = 'price' | 'size' | HeldField;

/** The words of a row's issues, by field, as the view shows them. */
export type RowErrors = Partial<Record<RowField, string>>;

/** What a ticket is checked against: the live markets, the config's durations, the journal. */
export interface TicketContext {
  markets: ReadonlyMap<string, MarketContext>;
  durations: readonly Duration[];
  /** Client order ids of journal orders that are or may be live. */
  usedClientOrderIds: ReadonlySet<string>;
  /** How far through mark (a ratio) a plain limit goes before it is warned of as marketable. */
  marketableBand?: number;
  /** The age of the marks when the market feed is stale; undefined while it is live. */
  markAgeMs?: number;
  /** Market rows go as IOC at mark ± this ratio (0.5% unless set); null sends them as MARKET, unbounded. */
  marketSlippage?: number | null;
  /** The price and base quantity of the last order sent in each market, to catch a slip of ten. */
  lastSent?: ReadonlyMap<string, LastSent>;
  /** `rowId:field` of fields under which a refused keystroke stands (see DecimalInput). */
  refusedFields?: ReadonlySet<string>;
}

/** What the last order sent in a market was, as decimal text. */
export interface LastSent {
  price?: string;
  quantity?: string;
}

/** The ticket context as one row sees it: with the client ids the rows above it use. */
export interface RowContext extends TicketContext {
  /** Client order id → index of the first row above this one that uses it. */
  earlierClientIds: ReadonlyMap<string, number>;
  /** The ticket's median row notional, once it has enough rows to have a usual size. */
  medianNotional?: Big;
}
