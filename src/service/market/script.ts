/**
 * A script for tests: steers a market's mark along a path of their choosing, deterministically,
 * and slows the feed's answers to play a stale feed. Reached only in-process (`service.market.script`
 * of startService or createServiceApp); no route of the service exposes it, and nothing is
 * scripted unless a test calls it.
 */
export class MarketScript {
  private readonly marks = new Map<string, number>();
  /** How long the feed (GET /v1/public/futures) waits before it answers, in ms. */
  feedDelayMs = 0;

  constructor(private readonly applied: (symbol: string, mark: number) => void) {}

  /** Holds `symbol`'s mark at `mark` until moved again or released (undefined). */
  setMark(symbol: string, mark: number | undefined): void {
    if (mark === undefined) this.marks.delete(symbol);
    else {
      this.marks.set(symbol, mark);
      this.applied(symbol, mark);
    }
  }

  /** The scripted mark of a symbol, if it has one. */
  markOf(symbol: string): number | undefined {
    return this.marks.get(symbol);
  }
}
