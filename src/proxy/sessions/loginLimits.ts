/**
 * How many wrong tokens the door takes: per source address, and from every address together. The
 * second bounds a client that rotates its source address (all of 127.0.0.0/8 is this machine);
 * the first keeps one noisy address from using up everyone's share alone.
 */
export interface LoginLimitsOptions {
  perAddress: number;
  overall: number;
  windowMs: number;
  /** Addresses remembered at most; never reached while `overall` holds (see fail()). */
  maxTracked: number;
}

export const LOGIN_LIMITS: LoginLimitsOptions = { perAddress: 5, overall: 30, windowMs: 60_000, maxTracked: 10_000 };

interface Window {
  count: number;
  since: number;
}

export class LoginLimits {
  private readonly byAddress = new Map<string, Window>();
  private overall: Window = { count: 0, since: 0 };

  constructor(private readonly options: LoginLimitsOptions = LOGIN_LIMITS) {}

  /** Seconds until `address` may try a token again; 0 when it may now. */
  wait(address: string, now: number): number {
    const { perAddress, overall } = this.options;
    const own = this.live(this.byAddress.get(address), now);
    const all = this.live(this.overall, now);
    const until = Math.max(
      own && own.count >= perAddress ? own.since + this.options.windowMs : 0,
      all && all.count >= overall ? all.since + this.options.windowMs : 0,
    );
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Counts a wrong token from `address`; returns how many it has given in its window. */
  fail(address: string, now: number): number {
    if (!this.live(this.overall, now)) this.overall = { count: 0, since: now };
    this.overall.count += 1;
    let own = this.live(this.byAddress.get(address), now);
    if (!own) {
      this.byAddress.delete(address);
      // Only windows that are over are forgotten, never a lock: with at most `overall` failures a
      // window, the table holds at most twice that many live addresses. Should it still be full,
      // the address is not remembered, and the overall count still holds it back.
      if (this.byAddress.size >= this.options.maxTracked) this.forgetEnded(now);
      own = { count: 0, since: now };
      if (this.byAddress.size < this.options.maxTracked) this.byAddress.set(address, own);
    }
    own.count += 1;
    return own.count;
  }

  /** The right token: this address starts afresh (the overall count stays). */
  succeeded(address: string): void {
    this.byAddress.delete(address);
  }

  /** Addresses remembered now (for tests of the table's bound). */
  get tracked(): number {
    return this.byAddress.size;
  }

  private live(window: Window | undefined, now: number): Window | undefined {
    return window && now - window.since < this.options.windowMs ? window : undefined;
  }

  private forgetEnded(now: number): void {
    for (const [address, window] of this.byAddress) if (!this.live(window, now)) this.byAddress.delete(address);
  }
}
