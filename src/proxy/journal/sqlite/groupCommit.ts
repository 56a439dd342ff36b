import type Database from 'better-sqlite3';
import { WalFlush } from './walFlush';

interface Batch {
  /** Settles when the batch's transaction commits (or fails to). */
  committed: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

function openBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be waiting on this batch; its failure still reaches onBackgroundError.
  committed.catch(() => undefined);
  return { committed, resolve, reject };
}

/**
 * Group commit for a better-sqlite3 database in WAL mode with `synchronous = NORMAL`.
 *
 * better-sqlite3 is synchronous, so a commit and, worse, an fsync stall every other request for
 * their whole length; and a commit costs far more than the rows in it (it writes every page it
 * touched). So every write of one turn of the event loop joins one transaction, committed when the
 * turn ends, and `durable()` waits for that commit and then for an fdatasync of the WAL file on
 * libuv's thread pool, which all the writes committed before it started share. Committed means
 * safe if the process is killed; durable means safe if the machine loses power.
 *
 * Each write runs in its own savepoint: one that fails is undone alone and throws to its caller.
 * Reads on the same connection see the open batch.
 */
export class GroupCommit {
  private batch: Batch | undefined;
  /** The number of the last commit, for the flush (WalFlush) to know what it covers. */
  private lastCommit = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly statements;
  private readonly flush: WalFlush;
  private closed = false;
  /** Told about a batch that could not be committed, or a flush that failed, with nobody waiting. */
  onBackgroundError: (error: Error) => void = () => undefined;

  /** `walPath`: the WAL file to flush; undefined when there is none (":memory:"). */
  constructor(
    private readonly db: Database.Database,
    walPath: string | undefined,
  ) {
    this.statements = {
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      rollback: db.prepare('ROLLBACK'),
      savepoint: db.prepare('SAVEPOINT write'),
      release: db.prepare('RELEASE write'),
      rollbackTo: db.prepare('ROLLBACK TO write'),
    };
    this.flush = new WalFlush(walPath);
  }

  /** fdatasyncs started so far. */
  get flushes(): number {
    return this.flush.flushes;
  }

  write<T>(work: () => T): T {
    if (this.closed) throw new Error('the journal is closed');
    const s = this.statements;
    if (!this.batch) {
      s.begin.run();
      this.batch = openBatch();
      setImmediate(() => {
        try {
          this.commit();
        } catch (error) {
          this.onBackgroundError(error as Error);
        }
      });
    }
    s.savepoint.run();
    try {
      const result = work();
      s.release.run();
      return result;
    } catch (error) {
      s.rollbackTo.run();
      s.release.run();
      throw error;
    }
  }

  /** Commits the open batch now, if any. On failure it is rolled back and the error thrown. */
  commit(): void {
    const batch = this.batch;
    if (!batch) return;
    this.batch = undefined;
    try {
      this.statements.commit.run();
    } catch (error) {
      if (this.db.inTransaction) this.statements.rollback.run();
      batch.reject(error as Error);
      throw error;
    }
    this.lastCommit = this.flush.committed();
    batch.resolve();
  }

  /** Resolves once every write made so far is on disk; rejects if it could not be committed. */
  async durable(): Promise<void> {
    if (this.closed) throw new Error('the journal is closed');
    if (this.batch) await this.batch.committed;
    await this.flush.durable(this.lastCommit);
  }

  /**
   * Makes what is committed durable within `delayMs`, without anyone waiting on it. Deferred, not
   * at once: a flush started now would hold up the next ticket's own flush, and a ticket that comes
   * first makes this one unnecessary. Calls while one is scheduled share it.
   */
  flushSoon(delayMs: number): void {
    if (this.closed || this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      if (!this.closed) this.durable().catch((error: Error) => this.onBackgroundError(error));
    }, delayMs);
    this.flushTimer.unref();
  }

  /** Commits what is open and lets go of the WAL file (after a flush still running). */
  close(): void {
    if (this.closed) return;
    clearTimeout(this.flushTimer);
    try {
      this.commit();
    } finally {
      this.closed = true;
      void this.flush.close();
    }
  }
}
