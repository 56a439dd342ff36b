import Big from 'big.js';
import { firesAsMarkFalls, type HeldOrder } from '@/interface';

/**
 * Which way a held order's trigger is crossed. A SELL stop and a BUY take-profit fire when the mark
 * falls to the trigger ("falls"); a BUY stop and a SELL take-profit when it rises to it ("rises").
 */
export type Crossing = 'falls' | 'rises';

export function crossingOf(order: Pick<HeldOrder, 'type' | 'side'>): Crossing {
  const stop = order.type === 'STOP_MARKET' || order.type === 'STOP_LIMIT' || order.type === 'TRAILING_STOP';
  return firesAsMarkFalls(order.side, stop) ? 'falls' : 'rises';
}

/**
 * A trailing stop's level: the best mark since arming (highest for a SELL, lowest for a BUY) less
 * (or plus) the distance, in exact decimals.
 */
export function trailingLevel(order: Pick<HeldOrder, 'side' | 'trailing_distance' | 'trailing_percent'>, best: number): number {
  const mark = new Big(String(best));
  const distance =
    order.trailing_distance !== null ? new Big(String(order.trailing_distance)) : mark.times(String(order.trailing_percent ?? 0)).div(100);
  return Number(order.side === 'SELL' ? mark.minus(distance) : mark.plus(distance));
}

/** The better of two marks for a trailing stop: a SELL trails the highs, a BUY the lows. */
export const betterMark = (side: HeldOrder['side'], best: number | null, mark: number) =>
  best === null ? mark : side === 'SELL' ? Math.max(best, mark) : Math.min(best, mark);

/**
 * A trailing stop's best mark: the better of the journal's and the book's. The book's may be ahead
 * (its write still on the way), the journal's ahead of a proxy that does not send; taking either
 * alone could pull the stop back.
 */
export const bestOfBoth = (side: HeldOrder['side'], journal: number | null, book: number | null) => (book === null ? journal : betterMark(side, journal, book));

const NOTHING = { crossed: [], trailing: [] } as const;

interface Entry {
  id: string;
  trigger: number;
}

/** Entries sorted by trigger, then id; binary search for where one goes. */
function insertionIndex(list: Entry[], entry: Entry): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const other = list[mid]!;
    if (other.trigger < entry.trigger || (other.trigger === entry.trigger && other.id < entry.id)) low = mid + 1;
    else high = mid;
  }
  return low;
}

interface SymbolBook {
  /** Fire when mark ≤ trigger: the ones with the highest triggers go first (the list's tail). */
  falls: Entry[];
  /** Fire when mark ≥ trigger: the lowest go first (the list's head). */
  rises: Entry[];
  /** Trailing stops: their level moves with every mark, so each is looked at per mark of its symbol. */
  trailing: Set<string>;
}

/**
 * The armed orders by symbol, fixed triggers sorted by price: a mark finds the orders it crosses
 * by a walk from one end that stops at the first one it does not, not a scan of every order.
 * Paused orders are not in the book.
 */
export class HeldBook {
  private readonly symbols = new Map<string, SymbolBook>();
  private readonly where = new Map<string, { symbol: string; side?: Crossing; trigger?: number }>();

  get size(): number {
    return this.where.size;
  }

  has(id: string): boolean {
    return this.where.has(id);
  }

  get ids(): string[] {
    return [...this.where.keys()];
  }

  private bookOf(symbol: string): SymbolBook {
    let book = this.symbols.get(symbol);
    if (!book) {
      book = { falls: [], rises: [], trailing: new Set() };
      this.symbols.set(symbol, book);
    }
    return book;
  }

  /** Puts an armed order in the book (replacing it if there). */
  add(order: HeldOrder): void {
    this.remove(order.id);
    const book = this.bookOf(order.symbol);
    if (order.type === 'TRAILING_STOP') {
      book.trailing.add(order.id);
      this.where.set(order.id, { symbol: order.symbol });
      return;
    }
    const side = crossingOf(order);
    const entry = { id: order.id, trigger: order.trigger_price! };
    const list = book[side];
    list.splice(insertionIndex(list, entry), 0, entry);
    this.where.set(order.id, { symbol: order.symbol, side, trigger: entry.trigger });
  }

  remove(id: string): void {
    const at = this.where.get(id);
    if (!at) return;
    this.where.delete(id);
    const book = this.symbols.get(at.symbol)!;
    if (at.side === undefined) book.trailing.delete(id);
    else {
      const list = book[at.side];
      const index = insertionIndex(list, { id, trigger: at.trigger! });
      if (list[index]?.id === id) list.splice(index, 1);
    }
    if (book.falls.length === 0 && book.rises.length === 0 && book.trailing.size === 0) this.symbols.delete(at.symbol);
  }

  /**
   * Ids of the fixed-trigger orders this mark crosses, and the trailing stops of the symbol (to
   * judge one by one). Most marks cross nothing: they cost two comparisons and no allocation.
   */
  crossedBy(symbol: string, mark: number): { crossed: readonly string[]; trailing: readonly string[] } {
    const book = this.symbols.get(symbol);
    if (!book) return NOTHING;
    const highestFall = book.falls[book.falls.length - 1];
    const lowestRise = book.rises[0];
    const crosses = (highestFall !== undefined && highestFall.trigger >= mark) || (lowestRise !== undefined && lowestRise.trigger <= mark);
    if (!crosses && book.trailing.size === 0) return NOTHING;
    const crossed: string[] = [];
    for (let i = book.falls.length - 1; i >= 0 && book.falls[i]!.trigger >= mark; i--) crossed.push(book.falls[i]!.id);
    for (let i = 0; i < book.rises.length && book.rises[i]!.trigger <= mark; i++) crossed.push(book.rises[i]!.id);
    return { crossed, trailing: [...book.trailing] };
  }

  /** The symbols with armed orders (live: a symbol whose last order leaves while iterating is skipped). */
  get symbolNames(): Iterable<string> {
    return this.symbols.keys();
  }
}
