/**
 * The service's clock as seen from here. Every response carries the service time; the offset is
 * taken from the sample with the shortest round trip of the last few minutes (its error is at most
 * half that round trip), so a proxy whose own clock is minutes off still signs with a timestamp the
 * service accepts.
 */
export interface OffsetSample {
  offsetMs: number;
  roundTripMs: number;
  at: number;
}

const SAMPLE_LIFETIME_MS = 5 * 60_000;
const MAX_SAMPLES = 64;

export class ServiceClock {
  private samples: OffsetSample[] = [];

  constructor(private readonly localNow: () => number = Date.now) {}

  /** Records a response: sent at `sentAt`, answered at `receivedAt`, stamped `serviceTime`. */
  observe(sentAt: number, receivedAt: number, serviceTime: number): void {
    const roundTripMs = Math.max(0, receivedAt - sentAt);
    const offsetMs = serviceTime - (sentAt + receivedAt) / 2;
    this.samples.push({ offsetMs, roundTripMs, at: receivedAt });
    if (this.samples.length > MAX_SAMPLES) this.samples.shift();
  }

  private best(): OffsetSample | undefined {
    const now = this.localNow();
    this.samples = this.samples.filter((sample) => now - sample.at < SAMPLE_LIFETIME_MS);
    let best: OffsetSample | undefined;
    for (const sample of this.samples) {
      if (!best || sample.roundTripMs < best.roundTripMs) best = sample;
    }
    return best;
  }

  /** Estimated service time now (ms); the local clock when nothing is known yet. */
  now(): number {
    return Math.round(this.localNow() + (this.best()?.offsetMs ?? 0));
  }

  /** True when a recent sample exists, so `now()` is corrected. */
  isFresh(): boolean {
    return this.best() !== undefined;
  }

  status(): { offsetMs: number; uncertaintyMs: number | null; samples: number } {
    const best = this.best();
    return {
      offsetMs: Math.round(best?.offsetMs ?? 0),
      uncertaintyMs: best ? Math.ceil(best.roundTripMs / 2) : null,
      samples: this.samples.length,
    };
  }
}
