import { closeSync, fdatasync, openSync } from 'node:fs';

/**
 * The flush a WAL-mode SQLite file under `synchronous = NORMAL` leaves to do: an fdatasync of its
 * `-wal`, on libuv's thread pool. Under `FULL` every commit fsyncs on the event loop instead, which
 * held every request of the proxy for a couple of ms per audited ticket. A commit is safe when the
 * process is killed; after `durable()` it is safe when the machine loses power.
 */
export class WalFlush {
  private fd: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The fdatasync under way, and the one that follows it for whoever asked meanwhile. */
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private closed = false;
  /** fdatasyncs started so far. */
  flushes = 0;
  /** Told about a flush that failed with nobody waiting (see `soon`). */
  onBackgroundError: (error: Error) => void = () => undefined;

  /** `walPath`: the `-wal` file; undefined for a database without one (`:memory:`). */
  constructor(private readonly walPath: string | undefined) {}

  /**
   * Resolves once every commit made so far is on disk. A flush under way may have started before
   * the caller's commit: callers meanwhile share the one that starts after it (as the journal's
   * GroupCommit does), so a burst of writes costs two fdatasyncs, not one each.
   */
  durable(): Promise<void> {
    if (this.closed || this.walPath === undefined) return Promise.resolve();
    const fd = (this.fd ??= this.open());
    // No -wal yet: nothing was committed since the last checkpoint removed it, which synced the database.
    if (fd === undefined) return Promise.resolve();
    if (!this.running) return this.start(fd);
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.start(fd);
      });
    return this.next;
  }

  private start(fd: number): Promise<void> {
    this.flushes += 1;
    const flush = new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
    this.running = flush;
    const done = () => {
      if (this.running === flush) this.running = undefined;
    };
    flush.then(done, done);
    return flush;
  }

  private open(): number | undefined {
    try {
      return openSync(this.walPath!, 'r+');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Makes what is committed durable within `delayMs`, with nobody waiting; calls meanwhile share it. */
  soon(delayMs: number): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.durable().catch((error: Error) => this.onBackgroundError(error));
    }, delayMs);
    this.timer.unref();
  }

  /** Waits for the flushes under way; the database's own close then checkpoints with a sync. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    await Promise.allSettled([this.next, this.running]);
    if (this.fd !== undefined) closeSync(this.fd);
  }
}
