/**
 * Runs tasks one after another, starting each at least `spacingMs` after the previous one started:
 * the service allows one batch request per second per key, so tickets queue here instead of
 * failing there.
 */
export class Pacer {
  private tail: Promise<unknown> = Promise.resolve();
  private lastStart = -Infinity;

  constructor(
    readonly spacingMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long a task queued now would wait before starting, at least (ms). */
  get backlogMs(): number {
    return Math.max(0, this.lastStart + this.spacingMs - this.now());
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    // No spacing (a service without the limit, or a benchmark): nothing to queue for.
    if (this.spacingMs <= 0) return task();
    const result = this.tail.then(async () => {
      const wait = this.lastStart + this.spacingMs - this.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.lastStart = this.now();
      return task();
    });
    this.tail = result.catch(() => undefined);
    return result;
  }
}
