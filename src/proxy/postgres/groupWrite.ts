import { DatabaseUnavailableError } from './database';

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export interface GroupWriteOptions {
  /** Groups whose statement may be on the database at once (default 1). */
  inFlight?: number;
  /** Items in one group at most (default 64): a larger backlog goes in the next one. */
  maxItems?: number;
  /**
   * A group on the database longer than this (ms, default 200) stops holding back the next: one
   * waiting on a lock (a key another proxy is writing, a paused proxy's open transaction) delays
   * its own items, never every ticket after it, of every account.
   */
  graceMs?: number;
}

/** A group's answer for an item it could not settle, after its statement committed the others: that item is written alone. */
export const WRITE_ALONE: unique symbol = Symbol('write alone');

/** A group's answer for an item that failed on its own (the others settled): it is refused with `error`. */
export class ItemFailed {
  constructor(readonly error: unknown) {}
}

export type GroupAnswer<Result> = Result | typeof WRITE_ALONE | ItemFailed;

/**
 * Group commit across tickets, for PostgreSQL: the writes asked for in one turn of the event loop,
 * or while the previous group's statement is still on the database, go in ONE statement and one
 * commit, each told its own result. A ticket's statements are each a round trip and, for the two
 * that wait for the server's disk, a flush; at 32 tickets at once those, and the per-statement CPU
 * on both sides, are what the proxy and the server spend their time on (docs/desk.md, Figures).
 * Alone, a write goes at the end of its turn: it waits for nothing.
 *
 * `group` runs the items as one statement and answers each in order; if it throws (one ticket's
 * constraint fails the whole statement), nothing of it was committed and each item is run alone by
 * `one`, so one item's failure is its own. After its statement committed, it may answer an item
 * WRITE_ALONE (what it read of that item failed) or ItemFailed, and the others stand. The database away fails them all with it, as it would
 * each of them alone: run again one by one, a commit whose answer was lost could be read back as a
 * replay of a key never sent.
 */
export class GroupWrite<Item, Result> {
  private readonly waiting: Waiting<Item, Result>[] = [];
  private running = 0;
  private scheduled = false;
  private readonly inFlight: number;
  private readonly maxItems: number;
  private readonly graceMs: number;

  constructor(
    private readonly group: (items: readonly Item[]) => Promise<readonly GroupAnswer<Result>[]>,
    private readonly one: (item: Item) => Promise<Result>,
    options: GroupWriteOptions = {},
  ) {
    this.inFlight = options.inFlight ?? 1;
    this.maxItems = options.maxItems ?? 64;
    this.graceMs = options.graceMs ?? 200;
  }

  write(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** At the end of this turn, unless the groups allowed are all on the database: then when one is back. */
  private schedule(): void {
    if (this.scheduled || this.running >= this.inFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running >= this.inFlight || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.maxItems);
    this.running++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.running--;
      this.schedule();
    };
    const slow = setTimeout(release, this.graceMs);
    try {
      await this.settle(batch);
    } finally {
      clearTimeout(slow);
      release();
    }
  }

  private async settle(batch: Waiting<Item, Result>[]): Promise<void> {
    if (batch.length === 1) {
      await this.alone(batch[0]!);
      return;
    }
    let results: readonly GroupAnswer<Result>[];
    try {
      results = await this.group(batch.map((waiting) => waiting.item));
      // An answer per item, or it is no answer: each is then written alone, as after a failure.
      if (results.length !== batch.length) throw new Error(`a group of ${batch.length} answered ${results.length}`);
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      await Promise.all(batch.map((waiting) => this.alone(waiting)));
      return;
    }
    const alone: Waiting<Item, Result>[] = [];
    batch.forEach((waiting, index) => {
      const answer = results[index]!;
      if (answer === WRITE_ALONE) alone.push(waiting);
      else if (answer instanceof ItemFailed) waiting.reject(answer.error);
      else waiting.resolve(answer);
    });
    await Promise.all(alone.map((waiting) => this.alone(waiting)));
  }

  private async alone(waiting: Waiting<Item, Result>): Promise<void> {
    try {
      waiting.resolve(await this.one(waiting.item));
    } catch (error) {
      waiting.reject(error);
    }
  }
}
