import type { TapeCandle } from '@/interface';
import { listedInstruments } from './instruments';
import { createRandom } from './random';
import { nextFunding, roundTo, type MarketSimulator } from './simulator';

const MINUTE_MS = 60_000;
const MINUTES_PER_BUCKET = 5;

function seedOf(symbol: string, time: number): number {
  let hash = Math.floor(time / MINUTE_MS) | 0;
  for (let i = 0; i < symbol.length; i++) hash = Math.imul(hash ^ symbol.charCodeAt(i), 0x9e3779b1);
  return hash >>> 0;
}

/**
 * The estimated funding rate of each minute from `fromMs` to the live minute (`untilMinute`),
 * oldest first: the simulator's walk run back from today's rate, so the past ends where the live
 * rate goes on (a rate held flat for a day, then moving, read as a break in the funding pane).
 */
function fundingPath(symbol: string, rateNow: number, fromMs: number, untilMinute: number): number[] {
  const random = createRandom(seedOf(`${symbol}:funding`, untilMinute));
  const path = new Array<number>(Math.max(0, (untilMinute - fromMs) / MINUTE_MS));
  let rate = rateNow;
  for (let minute = path.length - 1; minute >= 0; minute--) {
    rate = nextFunding(rate, MINUTE_MS / 1000, random.normal());
    path[minute] = rate;
  }
  return path;
}

/**
 * The simulator's own last day as 1-minute candles, for a new tape: each of its 5-minute candles
 * (the ones behind its 24h statistics) split into five minutes that open at its open, close at its
 * close and touch its high and low, by a walk seeded from the symbol and the time, so the same
 * market gives the same past. Only the listed instruments (synthetic ones are for load tests), and
 * only minutes before `until`'s minute: the live minute is the tape's to record.
 */
/** Instrument by instrument (one at a time, so a caller can spread the work), each oldest first. */
export function* pastMinutes(market: MarketSimulator, until: number): Generator<{ symbol: string; candles: TapeCandle[] }> {
  const lastMinute = Math.floor(until / MINUTE_MS) * MINUTE_MS;
  for (const past of market.past(listedInstruments.length)) {
    const { symbol, priceDecimals: pd, quantityDecimals: qd } = past.instrument;
    const price = (value: number) => roundTo(value, pd);
    const candles: TapeCandle[] = [];
    const from = past.candles[0]?.start ?? lastMinute;
    const funding = fundingPath(symbol, past.estFunding, from, lastMinute);
    for (const bucket of past.candles) {
      const random = createRandom(seedOf(symbol, bucket.start));
      const path = [bucket.open];
      for (let k = 1; k < MINUTES_PER_BUCKET; k++) {
        const drift = bucket.open + ((bucket.close - bucket.open) * k) / MINUTES_PER_BUCKET;
        const noise = (bucket.high - bucket.low) * 0.3 * random.normal();
        path.push(Math.min(bucket.high, Math.max(bucket.low, drift + noise)));
      }
      path.push(bucket.close);
      const highAt = Math.floor(random.next() * MINUTES_PER_BUCKET);
      const lowAt = Math.floor(random.next() * MINUTES_PER_BUCKET);
      for (let k = 0; k < MINUTES_PER_BUCKET; k++) {
        const time = bucket.start + k * MINUTE_MS;
        if (time >= lastMinute || time < until - 24 * 60 * MINUTE_MS) continue;
        const open = price(path[k]!);
        const close = price(path[k + 1]!);
        candles.push({
            time,
            open,
            high: k === highAt ? price(bucket.high) : Math.max(open, close),
            low: k === lowAt ? price(bucket.low) : Math.min(open, close),
            close,
            index_close: price(close / (1 + 0.0004 * random.normal())),
            est_funding_rate: roundTo(funding[(time - from) / MINUTE_MS]!, 8),
            open_interest: roundTo(past.openInterest * (1 + 0.002 * random.normal()), qd),
            volume_24h: roundTo(past.volume24h, qd),
            samples: 1,
        });
      }
    }
    yield { symbol, candles };
  }
}
