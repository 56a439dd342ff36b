/** At most `perSecond` requests per key in any sliding second (the family's batch limit). */
export class KeyRateLimit {
  private readonly recent = new Map<string, number[]>();

  constructor(private readonly perSecond: number) {}

  /** Counts the request when allowed; otherwise says how long until one would be. */
  take(key: string, now: number): { allowed: true } | { allowed: false; retryAfterMs: number } {
    const times = (this.recent.get(key) ?? []).filter((time) => now - time < 1000);
    if (times.length >= this.perSecond) {
      this.recent.set(key, times);
      return { allowed: false, retryAfterMs: 1000 - (now - times[0]!) };
    }
    times.push(now);
    this.recent.set(key, times);
    return { allowed: true };
  }
}
