import { futuresNumericFields, type FuturesResponse, type FuturesRow } from '@/interface';
import { inferSpec } from '../model/specs';

/**
 * One poll of the market data, as the feed hands it to the main thread: every number of every row
 * in one Float64Array (moved from a worker, not copied: no object per row to clone) and the symbols
 * only when they changed. Numbers travel bit for bit, so a price is exactly what the service sent.
 */
export interface FeedFrame {
  serviceTime: number;
  receivedAt: number;
  /** Increases when the list of symbols changes; `symbols` is sent with a new version only. */
  symbolsVersion: number;
  symbols: string[] | null;
  /** Per row: the numeric fields of a market row in `futuresNumericFields` order, then the decimals of its prices and quantities in this poll. */
  numbers: Float64Array;
}

const FIELDS = futuresNumericFields;
const PRICE_DECIMALS = FIELDS.length;
const QUANTITY_DECIMALS = FIELDS.length + 1;
export const FRAME_STRIDE = FIELDS.length + 2;

/** Turns validated rows into frames; remembers the last symbols so that it sends them only on change. */
export class FrameEncoder {
  private symbols: string[] = [];
  private version = 0;

  /**
   * `knownVersion`: the symbols version the receiver holds. The symbols go with any frame of
   * another version, not only with the first of a new one: a receiver that dropped that frame (a
   * cancelled poll) would otherwise never learn them, and every later frame would fail.
   */
  encode(response: FuturesResponse, receivedAt: number, knownVersion?: number): FeedFrame {
    const rows = response.data.rows;
    const numbers = new Float64Array(rows.length * FRAME_STRIDE);
    let changed = rows.length !== this.symbols.length;
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index]!;
      if (!changed && this.symbols[index] !== row.symbol) changed = true;
      const offset = index * FRAME_STRIDE;
      for (let field = 0; field < FIELDS.length; field++) numbers[offset + field] = row[FIELDS[field]!];
      const spec = inferSpec(row);
      numbers[offset + PRICE_DECIMALS] = spec.priceDecimals;
      numbers[offset + QUANTITY_DECIMALS] = spec.quantityDecimals;
    }
    if (changed) {
      this.symbols = rows.map((row) => row.symbol);
      this.version += 1;
    }
    return {
      serviceTime: response.timestamp,
      receivedAt,
      symbolsVersion: this.version,
      symbols: changed || (knownVersion !== undefined && knownVersion !== this.version) ? this.symbols : null,
      numbers,
    };
  }
}

/**
 * Hands each row of a frame to `visit`, with the decimals its prices and quantities had in this
 * poll; `symbols` are those of the frame's version.
 */
export function decodeFrame(
  frame: FeedFrame,
  symbols: readonly string[],
  visit: (row: FuturesRow, priceDecimals: number, quantityDecimals: number, index: number) => void,
): void {
  const { numbers } = frame;
  const count = numbers.length / FRAME_STRIDE;
  if (symbols.length !== count) {
    throw new Error(`the market data frame has ${count} rows for ${symbols.length} symbols`);
  }
  for (let index = 0; index < count; index++) {
    const at = index * FRAME_STRIDE;
    // One literal: one object shape for every row, built fast on every poll.
    const row: FuturesRow = {
      symbol: symbols[index]!,
      index_price: numbers[at]!,
      mark_price: numbers[at + 1]!,
      sum_unitary_funding: numbers[at + 2]!,
      est_funding_rate: numbers[at + 3]!,
      last_funding_rate: numbers[at + 4]!,
      next_funding_time: numbers[at + 5]!,
      open_interest: numbers[at + 6]!,
      '24h_open': numbers[at + 7]!,
      '24h_close': numbers[at + 8]!,
      '24h_high': numbers[at + 9]!,
      '24h_low': numbers[at + 10]!,
      '24h_amount': numbers[at + 11]!,
      '24h_volume': numbers[at + 12]!,
    };
    visit(row, numbers[at + PRICE_DECIMALS]!, numbers[at + QUANTITY_DECIMALS]!, index);
  }
}
