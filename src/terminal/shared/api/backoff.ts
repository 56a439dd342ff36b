/**
 * Polling that backs off while a feed fails: each consecutive failure doubles the wait, up to a
 * ceiling, and the first success brings the configured interval back.
 */
export interface Backoff {
  track<T>(work: Promise<T>): Promise<T>;
  /** The wait before the next poll, given the feed's configured interval. */
  interval(baseMs: number): number;
  readonly failures: number;
}

export function createBackoff(maxMs = 30_000): Backoff {
  let failures = 0;
  return {
    async track(work) {
      try {
        const value = await work;
        failures = 0;
        return value;
      } catch (error) {
        if ((error as Error).name !== 'AbortError') failures += 1;
        throw error;
      }
    },
    interval(baseMs) {
      return failures === 0 ? baseMs : Math.min(maxMs, Math.max(baseMs, baseMs * 2 ** failures));
    },
    get failures() {
      return failures;
    },
  };
}
