interface Waiting {
  task: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  urgent: boolean;
}

/**
 * Runs tasks one after another, starting each at least `spacingMs` after the previous one started:
 * the service allows one batch request per second per key, so tickets queue here instead of
 * failing there. An urgent task (a fired stop or take-profit) goes ahead of every task waiting
 * that is not urgent, behind the urgent ones already waiting; the task running is never cut short.
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

  run<T>(task: () => Promise<T>, urgent = false): Promise<T> {
    // No spacing (a service without the limit, or a benchmark): nothing to queue for.
    if (this.spacingMs <= 0) return task();
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = { task, resolve: resolve as (value: unknown) => void, reject, urgent };
      const firstCalm = urgent ? this.waiting.findIndex((other) => !other.urgent) : -1;
      if (firstCalm === -1) this.waiting.push(entry);
      else this.waiting.splice(firstCalm, 0, entry);
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
        // Taken after the wait: an urgent task queued meanwhile goes first.
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
