import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';

/** A write refused because the journal's disk is nearly full. */
export class JournalFullError extends Error {}

const CHECK_EVERY_MS = 1000;

/**
 * Refuses new tickets while the journal's disk has less than `minFreeBytes` free: a journal that
 * cannot write its answers would leave orders placed but unrecorded. Asked once a second at most.
 */
export class DiskFloor {
  private checkedAt = -Infinity;
  private freeBytes = Infinity;

  constructor(
    private readonly path: string,
    readonly minFreeBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws JournalFullError when free space is below the floor. */
  check(): void {
    if (this.path === ':memory:' || this.minFreeBytes <= 0) return;
    const now = this.now();
    if (now - this.checkedAt >= CHECK_EVERY_MS) {
      const stats = statfsSync(dirname(this.path));
      this.freeBytes = stats.bavail * stats.bsize;
      this.checkedAt = now;
    }
    if (this.freeBytes < this.minFreeBytes) {
      const mb = (bytes: number) => Math.floor(bytes / 2 ** 20);
      throw new JournalFullError(
        `the journal's disk has ${mb(this.freeBytes)} MB free, below the floor of ${mb(this.minFreeBytes)} MB (JOURNAL_MIN_FREE_MB); nothing was sent`,
      );
    }
  }
}
