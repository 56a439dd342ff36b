import Big from 'big.js';
import type { FuturesRow } from '@/interface';

/** The band the service allows a limit price around the mark (as the ticket's check: 10 %). */
export const PRICE_BAND = 0.1;
const MAX_DECIMALS = 12;

const POWERS = Array.from({ length: MAX_DECIMALS + 1 }, (_, decimals) => 10 ** decimals);

/** Whether a value is written with `decimals` decimals, up to float rounding (a few units in the last place). */
function hasDecimals(value: number, decimals: number): boolean {
  const scaled = value * POWERS[decimals]!;
  return Math.abs(scaled - Math.round(scaled)) <= Math.abs(scaled) * 4 * Number.EPSILON;
}

/**
 * The finer of `known` and the decimals of a value. One multiply for a value on the known step,
 * as nearly every value of a poll is (a poll of 1,000 instruments has 8,000 of them, judged on the
 * proxy's event loop); no decimal text. Float noise (0.1 + 0.2) is not a finer step.
 */
function finer(known: number, value: number): number {
  let decimals = known;
  while (decimals < MAX_DECIMALS && !hasDecimals(value, decimals)) decimals++;
  return decimals;
}

export interface MarketMark {
  mark: number;
  /** When the proxy asked for the answer that carried it: its age is measured from there. */
  askedAt: number;
  /** Inferred from the digits the service reports, as the terminal does; only ever finer. */
  priceDecimals: number;
  quantityDecimals: number;
}

/** The marks of the proxy's own polls of the market feed, per symbol. */
export class MarkBoard {
  private readonly marks = new Map<string, MarketMark>();

  record(rows: readonly FuturesRow[], askedAt: number): void {
    for (const row of rows) {
      let known = this.marks.get(row.symbol);
      if (!known) {
        known = { mark: row.mark_price, askedAt, priceDecimals: 0, quantityDecimals: 0 };
        this.marks.set(row.symbol, known);
      }
      // An answer asked for before the one already recorded (two polls overlapping) is older news.
      if (askedAt < known.askedAt) continue;
      // Updated in place: no object per instrument per poll.
      known.mark = row.mark_price;
      known.askedAt = askedAt;
      // Field by field, not a loop over their names: a keyed read of each costs more than the check.
      let price = finer(known.priceDecimals, row.index_price);
      price = finer(price, row.mark_price);
      price = finer(price, row['24h_open']);
      price = finer(price, row['24h_close']);
      price = finer(price, row['24h_high']);
      known.priceDecimals = finer(price, row['24h_low']);
      known.quantityDecimals = finer(finer(known.quantityDecimals, row.open_interest), row['24h_volume']);
    }
  }

  get(symbol: string): MarketMark | undefined {
    return this.marks.get(symbol);
  }

  get known(): boolean {
    return this.marks.size > 0;
  }
}

const isMultiple = (value: number, decimals: number) => new Big(String(value)).mod(new Big(`1e${-decimals}`)).eq(0);
const step = (decimals: number) => new Big(`1e${-decimals}`).toFixed();

/**
 * The first field of a held order the service would refuse when it fires, with why: the symbol is
 * not listed, a quantity off its step, a price off its tick, a limit price beyond the band around
 * the trigger (where the mark will be when it fires).
 */
export function marketIssue(
  market: MarketMark | undefined,
  order: { symbol: string; order_quantity: number; trigger_price?: number | null; order_price?: number | null; trailing_distance?: number | null },
): { field: string; message: string } | undefined {
  if (!market) return { field: 'symbol', message: `${order.symbol} is not listed by the service` };
  if (!isMultiple(order.order_quantity, market.quantityDecimals)) {
    return { field: 'order_quantity', message: `${order.order_quantity} is not a multiple of the quantity step ${step(market.quantityDecimals)} of ${order.symbol}` };
  }
  for (const field of ['trigger_price', 'order_price', 'trailing_distance'] as const) {
    const value = order[field];
    if (value !== undefined && value !== null && !isMultiple(value, market.priceDecimals)) {
      return { field, message: `${value} is not a multiple of the price tick ${step(market.priceDecimals)} of ${order.symbol}` };
    }
  }
  const { trigger_price: trigger, order_price: price } = order;
  if (trigger != null && price != null) {
    const band = new Big(String(trigger)).times(PRICE_BAND);
    if (new Big(String(price)).minus(String(trigger)).abs().gt(band)) {
      return { field: 'order_price', message: `${price} is more than ${PRICE_BAND * 100}% from the trigger ${trigger}: the service would refuse it when it fires` };
    }
  }
  return undefined;
}
