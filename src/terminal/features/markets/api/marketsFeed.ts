import { createBackoff, type Backoff } from '@/terminal/shared/api/backoff';
import { perQueryClient } from '@/terminal/shared/api/perClient';
import { toMarketRow, type MarketRow } from '../model/marketRow';
import { mergeSpec, type InstrumentSpec } from '../model/specs';
import { decodeFrame } from './feedFrame';
import { FuturesFeed } from './futuresFeed';

export interface FuturesSnapshot {
  rows: MarketRow[];
  bySymbol: Map<string, MarketRow>;
  /** The service's clock when it produced the rows. */
  serviceTime: number;
  /** This browser's clock when they arrived. */
  receivedAt: number;
  /**
   * This browser's clock when the service's clock last moved: a service that answers every poll
   * with the same snapshot is frozen, however fast it answers.
   */
  advancedAt: number;
  /**
   * The decimals of every market in the rows: the same map from poll to poll until a spec is
   * refined or the markets listed change, so a view that only writes prices can skip a poll.
   */
  specs: ReadonlyMap<string, InstrumentSpec>;
}

const createFeedWorker =
  typeof Worker === 'undefined'
    ? undefined
    : () => new Worker(new URL('./feedWorker.ts', import.meta.url), { type: 'module', name: 'market data' });

/**
 * One terminal's market data feed, owned by its query client: specs grow finer with each poll,
 * ticks compare with the previous poll, and the poll rate follows how long polls take and how
 * often they fail. Another query client has a feed of its own and never sees this one's memory.
 */
export class MarketsFeed {
  private readonly specs = new Map<string, InstrumentSpec>();
  private previous = new Map<string, MarketRow>();
  /** The specs of the last snapshot, as given out (see FuturesSnapshot.specs). */
  private shownSpecs: ReadonlyMap<string, InstrumentSpec> = new Map();
  /** How long the last poll took, so that polls start at the configured rate, not that much later. */
  private lastPollMs = 0;
  private last: { serviceTime: number; advancedAt: number } | undefined;
  readonly backoff: Backoff = createBackoff();

  constructor(private readonly source: FuturesFeed = new FuturesFeed(createFeedWorker)) {}

  /** One poll, counted by the backoff. */
  poll(signal?: AbortSignal): Promise<FuturesSnapshot> {
    return this.backoff.track(this.fetch(signal));
  }

  /**
   * The wait before the next poll: one interval after this one started (not after it ended),
   * unless the feed is failing and backs off.
   */
  nextPollIn(intervalMs: number): number {
    return this.backoff.failures > 0
      ? this.backoff.interval(intervalMs)
      : Math.max(intervalMs / 4, intervalMs - this.lastPollMs);
  }

  private async fetch(signal?: AbortSignal): Promise<FuturesSnapshot> {
    const startedAt = Date.now();
    const { frame, symbols } = await this.source.poll(signal);
    const clockOffsetMs = frame.serviceTime - frame.receivedAt;
    const bySymbol = new Map<string, MarketRow>();
    const rows: MarketRow[] = new Array(symbols.length);
    const { specs, previous, shownSpecs } = this;
    let specsChanged = symbols.length !== shownSpecs.size;
    decodeFrame(frame, symbols, (row, priceDecimals, quantityDecimals, index) => {
      const spec = mergeSpec(specs.get(row.symbol), priceDecimals, quantityDecimals);
      specs.set(row.symbol, spec);
      if (shownSpecs.get(row.symbol) !== spec) specsChanged = true;
      const market = toMarketRow(row, spec, clockOffsetMs, previous.get(row.symbol));
      bySymbol.set(row.symbol, market);
      rows[index] = market;
    });
    this.previous = bySymbol;
    if (specsChanged) this.shownSpecs = new Map(rows.map((market) => [market.symbol, specs.get(market.symbol)!]));
    this.lastPollMs = Date.now() - startedAt;
    const advancedAt = this.last && this.last.serviceTime >= frame.serviceTime ? this.last.advancedAt : frame.receivedAt;
    this.last = { serviceTime: frame.serviceTime, advancedAt };
    return { rows, bySymbol, serviceTime: frame.serviceTime, receivedAt: frame.receivedAt, advancedAt, specs: this.shownSpecs };
  }
}

/** The feed of a query client, made on first use. */
export const marketsFeedOf = perQueryClient(() => new MarketsFeed());
