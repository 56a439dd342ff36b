import type { FuturesRow } from '@/interface';
import type { Instrument } from './instruments';
import { createRandom, type Random } from './random';
import { MarketScript } from './script';

const SECOND = 1000;
const BUCKET_MS = 5 * 60 * SECOND;
const DAY_MS = 24 * 60 * 60 * SECOND;
const BUCKETS_PER_DAY = DAY_MS / BUCKET_MS;
/** Funding settles every 8 hours, at 00:00, 08:00 and 16:00 UTC. */
export const FUNDING_INTERVAL_MS = 8 * 60 * 60 * SECOND;
const BASE_FUNDING_RATE = 0.0001;

export interface Candle {
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amount: number;
}

interface Market {
  instrument: Instrument;
  tick: number;
  logFair: number;
  /** Mark over index, minus one: the premium of the perpetual. */
  basis: number;
  index: number;
  mark: number;
  estFunding: number;
  lastFunding: number;
  sumUnitaryFunding: number;
  nextFundingTime: number;
  openInterest: number;
  /** Oldest first; the last one is the bucket being filled. */
  candles: Candle[];
  closedHigh: number;
  closedLow: number;
  volume24h: number;
  amount24h: number;
}

export interface SimulatorOptions {
  instruments: Instrument[];
  seed: number;
  /** Service time at which the simulation starts (ms). */
  start: number;
  /**
   * Move every price by at least one tick on every update, so that a benchmark sees every row
   * change; a real market sometimes stands still.
   */
  everyUpdateMoves?: boolean;
}

/**
 * The estimated funding rate `dt` seconds on: it forgets its distance from the base rate over about
 * an hour, with noise of the same size (a mean-reverting walk, which reads the same run backwards:
 * the backfill walks it from today's rate into the past).
 */
export function nextFunding(rate: number, dt: number, normal: number): number {
  const decay = Math.exp(-dt / 3600);
  const next = BASE_FUNDING_RATE + (rate - BASE_FUNDING_RATE) * decay + 0.00005 * Math.sqrt(1 - decay * decay) * normal;
  return clamp(next, -0.003, 0.003);
}

export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/**
 * Live markets as a seedable random walk. Time is whatever the caller says it is, so a test can
 * replay a day in a second and the service can run on its own (possibly skewed) clock.
 */
export class MarketSimulator {
  private readonly random: Random;
  private readonly markets: Market[];
  private readonly bySymbol: Map<string, Market>;
  private readonly everyUpdateMoves: boolean;
  private time: number;
  /** Tests steer marks through it; unscripted, the walk is the market's own. */
  readonly script = new MarketScript((symbol, mark) => {
    const market = this.bySymbol.get(symbol);
    if (market) market.mark = mark;
  });

  constructor(options: SimulatorOptions) {
    this.random = createRandom(options.seed);
    this.time = options.start;
    this.everyUpdateMoves = options.everyUpdateMoves ?? false;
    this.markets = options.instruments.map((instrument) => this.open(instrument, options.start));
    this.bySymbol = new Map(this.markets.map((market) => [market.instrument.symbol, market]));
  }

  get instruments(): Instrument[] {
    return this.markets.map((market) => market.instrument);
  }

  instrument(symbol: string): Instrument | undefined {
    return this.bySymbol.get(symbol)?.instrument;
  }

  /** Mark price of a symbol as of the last update, or undefined for an unknown symbol. */
  markPrice(symbol: string): number | undefined {
    return this.bySymbol.get(symbol)?.mark;
  }

  /** The first `count` instruments' 5-minute candles of the last day, and their state now. */
  past(count: number): { instrument: Instrument; candles: readonly Candle[]; estFunding: number; openInterest: number; volume24h: number }[] {
    return this.markets.slice(0, count).map((market) => ({
      instrument: market.instrument,
      candles: market.candles,
      estFunding: market.estFunding,
      openInterest: market.openInterest,
      volume24h: market.volume24h,
    }));
  }

  /** Advances the markets to `now` and returns one row per instrument. */
  rows(now: number): FuturesRow[] {
    this.advance(now);
    return this.markets.map((market) => this.row(market));
  }

  advance(now: number): void {
    const dt = (now - this.time) / SECOND;
    if (dt <= 0) return;
    this.time = now;
    for (const market of this.markets) this.step(market, dt, now);
  }

  private open(instrument: Instrument, start: number): Market {
    const tick = 10 ** -instrument.priceDecimals;
    const candles: Candle[] = [];
    // A synthetic last day, so 24h statistics are meaningful from the first poll.
    // Calmer than the live walk, so a day's range looks like a day's (a few percent).
    const sigma = instrument.volatility * 0.4 * Math.sqrt(BUCKET_MS / SECOND);
    const volumePerBucket = (instrument.openInterest * 3) / BUCKETS_PER_DAY;
    let price = instrument.startPrice;
    const firstBucket = Math.floor(start / BUCKET_MS) * BUCKET_MS - (BUCKETS_PER_DAY - 1) * BUCKET_MS;
    for (let i = 0; i < BUCKETS_PER_DAY; i++) {
      const open = price;
      const close = open * Math.exp(sigma * this.random.normal());
      const spread = Math.abs(this.random.normal()) * sigma * 0.5;
      const volume = volumePerBucket * (0.5 + this.random.next());
      candles.push({
        start: firstBucket + i * BUCKET_MS,
        open,
        close,
        high: Math.max(open, close) * (1 + spread),
        low: Math.min(open, close) * (1 - spread),
        volume,
        amount: volume * (open + close) * 0.5,
      });
      price = close;
    }
    // Scale the day so that it ends where the live market starts.
    const scale = instrument.startPrice / price;
    for (const candle of candles) {
      candle.open *= scale;
      candle.close *= scale;
      candle.high *= scale;
      candle.low *= scale;
      candle.amount *= scale;
    }
    const market: Market = {
      instrument,
      tick,
      logFair: Math.log(instrument.startPrice),
      basis: 0,
      index: 0,
      mark: 0,
      estFunding: BASE_FUNDING_RATE * (1 + this.random.normal()),
      lastFunding: BASE_FUNDING_RATE * (1 + this.random.normal()),
      sumUnitaryFunding: roundTo(instrument.startPrice * 0.01 * this.random.next(), 6),
      nextFundingTime: Math.floor(start / FUNDING_INTERVAL_MS + 1) * FUNDING_INTERVAL_MS,
      openInterest: instrument.openInterest,
      candles,
      closedHigh: 0,
      closedLow: 0,
      volume24h: candles.reduce((sum, candle) => sum + candle.volume, 0),
      amount24h: candles.reduce((sum, candle) => sum + candle.amount, 0),
    };
    this.reprice(market);
    this.summariseClosed(market);
    return market;
  }

  private step(market: Market, dt: number, now: number): void {
    const { instrument } = market;
    const previousIndex = market.index;
    const previousMark = market.mark;
    market.logFair += instrument.volatility * Math.sqrt(dt) * this.random.normal();
    const decay = Math.exp(-dt / 30);
    market.basis = clamp(
      market.basis * decay + 0.0004 * Math.sqrt(1 - decay * decay) * this.random.normal(),
      -0.004,
      0.004,
    );
    this.reprice(market);
    if (this.everyUpdateMoves) {
      if (market.index === previousIndex) market.index = this.nudge(market, market.index);
      if (market.mark === previousMark) market.mark = this.nudge(market, market.mark);
    }

    market.estFunding = nextFunding(market.estFunding, dt, this.random.normal());
    while (now >= market.nextFundingTime) {
      market.lastFunding = market.estFunding;
      market.sumUnitaryFunding += market.lastFunding * market.mark;
      market.nextFundingTime += FUNDING_INTERVAL_MS;
    }
    market.openInterest *= Math.exp(0.0004 * Math.sqrt(dt) * this.random.normal());

    const volume = ((instrument.openInterest * 3) / (DAY_MS / SECOND)) * dt * (0.5 + this.random.next());
    this.trade(market, now, volume);
  }

  private nudge(market: Market, price: number): number {
    const moved = price + (this.random.next() < 0.5 ? -market.tick : market.tick);
    return roundTo(Math.max(moved, market.tick), market.instrument.priceDecimals);
  }

  private reprice(market: Market): void {
    const { priceDecimals } = market.instrument;
    const fair = Math.exp(market.logFair);
    market.index = Math.max(roundTo(fair, priceDecimals), market.tick);
    market.mark =
      this.script.markOf(market.instrument.symbol) ?? Math.max(roundTo(fair * (1 + market.basis), priceDecimals), market.tick);
  }

  /** Books a trade at the mark into the current 5-minute candle, rolling the 24h window. */
  private trade(market: Market, now: number, volume: number): void {
    const bucketStart = Math.floor(now / BUCKET_MS) * BUCKET_MS;
    let current = market.candles[market.candles.length - 1]!;
    if (current.start !== bucketStart) {
      const close = current.close;
      current = { start: bucketStart, open: close, high: close, low: close, close, volume: 0, amount: 0 };
      market.candles.push(current);
      while (market.candles[0]!.start <= now - DAY_MS) {
        const dropped = market.candles.shift()!;
        market.volume24h -= dropped.volume;
        market.amount24h -= dropped.amount;
      }
      this.summariseClosed(market);
    }
    const price = market.mark;
    current.close = price;
    current.high = Math.max(current.high, price);
    current.low = Math.min(current.low, price);
    current.volume += volume;
    current.amount += volume * price;
    market.volume24h += volume;
    market.amount24h += volume * price;
  }

  /** High and low of the closed candles; recomputed only when a candle closes. */
  private summariseClosed(market: Market): void {
    let high = -Infinity;
    let low = Infinity;
    for (let i = 0; i < market.candles.length - 1; i++) {
      const candle = market.candles[i]!;
      if (candle.high > high) high = candle.high;
      if (candle.low < low) low = candle.low;
    }
    market.closedHigh = high;
    market.closedLow = low;
  }

  private row(market: Market): FuturesRow {
    const { instrument, candles } = market;
    const current = candles[candles.length - 1]!;
    const pd = instrument.priceDecimals;
    const qd = instrument.quantityDecimals;
    return {
      symbol: instrument.symbol,
      index_price: market.index,
      mark_price: market.mark,
      sum_unitary_funding: roundTo(market.sumUnitaryFunding, 6),
      est_funding_rate: roundTo(market.estFunding, 8),
      last_funding_rate: roundTo(market.lastFunding, 8),
      next_funding_time: market.nextFundingTime,
      open_interest: roundTo(market.openInterest, qd),
      '24h_open': roundTo(candles[0]!.open, pd),
      '24h_close': market.mark,
      '24h_high': roundTo(Math.max(market.closedHigh, current.high, market.mark), pd),
      '24h_low': roundTo(Math.min(market.closedLow, current.low, market.mark), pd),
      '24h_amount': roundTo(Math.max(market.amount24h, 0), 2),
      '24h_volume': roundTo(Math.max(market.volume24h, 0), qd),
    };
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
