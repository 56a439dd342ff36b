import { closeSync, fdatasync, openSync } from 'node:fs';

/**
 * The flush a WAL-mode SQLite file under `synchronous = NORMAL` leaves to do: an fdatasync of its
 * `-wal`, on libuv's thread pool, shared by whoever waits. Under `FULL` every commit fsyncs on the
 * event loop instead, holding every other request of the proxy. A commit is safe when the process
 * is killed; once `durable()` resolves, it is safe when the machine loses power too. The journal's
 * GroupCommit and the desk's stores (people, audit, limits, approvals) flush through it.
 */
export class WalFlush {
  private fd: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Commits counted so far (`committed()`), and how many of them are on disk. */
  private commits = 0;
  private synced = 0;
  /** The fdatasync under way and the commits it covers (those counted before it started). */
  private syncing: { upTo: number; done: Promise<void> } | undefined;
  private closed = false;
  /** fdatasyncs started so far. */
  flushes = 0;
  /** Told about a flush that failed with nobody waiting (see `soon`). */
  onBackgroundError: (error: Error) => void = () => undefined;

  /** `walPath`: the `-wal` file; undefined for a database without one (`:memory:`). */
  constructor(private readonly walPath: string | undefined) {}

  /** Counts a commit; returns its number, for `durable`. */
  committed(): number {
    return ++this.commits;
  }

  /**
   * Resolves once commit `upTo` is on disk; by default, one counted now (the caller has just
   * committed). A flush that started after that commit covers it; a caller meanwhile shares the one
   * that starts after the flush under way, so a burst of writes costs two fdatasyncs, not one each.
   */
  durable(upTo = this.committed()): Promise<void> {
    if (this.closed || this.walPath === undefined || this.synced >= upTo) return Promise.resolve();
    if (this.syncing) {
      return this.syncing.upTo >= upTo ? this.syncing.done : this.syncing.done.catch(() => undefined).then(() => this.durable(upTo));
    }
    const fd = (this.fd ??= this.open());
    // No -wal yet: nothing was committed since the last checkpoint removed it, which synced the database.
    if (fd === undefined) return Promise.resolve();
    const covers = this.commits;
    this.flushes += 1;
    const done = new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())))
      .then(() => {
        this.synced = Math.max(this.synced, covers);
      })
      .finally(() => {
        this.syncing = undefined;
      });
    this.syncing = { upTo: covers, done };
    return done;
  }

  private open(): number | undefined {
    try {
      return openSync(this.walPath!, 'r+');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /**
   * Makes what is committed so far durable within `delayMs`, with nobody waiting (count the commit
   * first). Deferred, not at once: a flush started now would hold up the next writer's own, and one
   * that comes first makes this one unnecessary. Calls while one is scheduled share it.
   */
  soon(delayMs: number): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.durable(this.commits).catch((error: Error) => this.onBackgroundError(error));
    }, delayMs);
    this.timer.unref();
  }

  /** Waits for the flush under way, then lets go of the file; the database's own close checkpoints with a sync. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    await this.syncing?.done.catch(() => undefined);
    if (this.fd !== undefined) closeSync(this.fd);
  }
}
