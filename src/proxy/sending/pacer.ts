/**
 * Who waits first at the pacer: a fired stop or take-profit (`held`), then the trader's tickets,
 * then TWAP slices, which never keep a ticket waiting.
 */
export type Lane = 'held' | 'ticket' | 'slice';
const rank: Record<Lane, number> = { held: 2, ticket: 1, slice: 0 };

interface Waiting {
  task: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  rank: number;
}

/**
 * Runs tasks one after another, starting each at least `spacingMs` after the previous one started:
 * the service allows one batch request per second per key, so tickets queue here instead of
 * failing there. A task goes ahead of every task waiting in a lower lane, behind those of its own
 * lane and higher already waiting; the task running is never cut short.
 */
export class Pacer {
  private readonly waiting: Waiting[] = [];
  private running = false;
  private lastStart = -Infinity;

  constructor(
    readonly spacingMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long a task queued now would wait before starting, at least (ms). */
  get backlogMs(): number {
    return Math.max(0, this.lastStart + this.spacingMs - this.now());
  }

  /** `urgent` true: the `held` lane, false: `ticket` (as before lanes). */
  run<T>(task: () => Promise<T>, lane: Lane | boolean = 'ticket'): Promise<T> {
    // No spacing (a service without the limit, or a benchmark): nothing to queue for.
    if (this.spacingMs <= 0) return task();
    const own = rank[lane === true ? 'held' : lane === false ? 'ticket' : lane];
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = { task, resolve: resolve as (value: unknown) => void, reject, rank: own };
      const firstLower = this.waiting.findIndex((other) => other.rank < own);
      if (firstLower === -1) this.waiting.push(entry);
      else this.waiting.splice(firstLower, 0, entry);
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const wait = this.lastStart + this.spacingMs - this.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        // Taken after the wait: a task of a higher lane queued meanwhile goes first.
        const next = this.waiting.shift();
        if (!next) return;
        this.lastStart = this.now();
        await next.task().then(next.resolve, next.reject);
      }
    } finally {
      this.running = false;
    }
  }
}
