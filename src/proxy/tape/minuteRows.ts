import type Database from 'better-sqlite3';
import type { MinuteRow } from './codec';
import { decodeHourBlock, encodeHourBlock, firstMinuteOf, mergeRows, type MinuteRowWithTime } from './hourBlocks';

const COLUMNS = 'open, high, low, close, index_close, funding, open_interest, volume, samples, scales';

/**
 * The minutes of the tape's file, in two tables: the `minutes` table takes each minute as it is
 * written, and a finished hour is later compacted into one row of `minute_blocks` (see
 * hourBlocks.ts), which is what makes a day cheap to read. A minute written into an hour already
 * compacted goes into `minutes` and wins over the block's until the next compaction merges it.
 * Either way a read returns the same rows.
 *
 * A block that does not decode (a damaged file) is read as a gap, never as wrong candles, and
 * counted; the next compaction or prune that meets it moves its bytes to `minute_blocks_damaged`,
 * so the rest of the instrument's hours carry on.
 */
export class MinuteRows {
  private readonly sql;
  /** Damaged blocks met so far, by "id:hour". */
  private readonly damaged = new Set<string>();
  /** Told once of each damaged block met. */
  onDamaged: ((id: number, hour: number, message: string) => void) | undefined;

  constructor(private readonly db: Database.Database) {
    this.sql = {
      minute: db.prepare(`SELECT ${COLUMNS} FROM minutes WHERE sym = ? AND minute = ?`).raw(),
      insert: db.prepare('INSERT OR REPLACE INTO minutes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      rows: db.prepare(`SELECT minute, ${COLUMNS} FROM minutes WHERE sym = ? AND minute BETWEEN ? AND ? ORDER BY minute`).raw(),
      blocks: db.prepare('SELECT hour, data FROM minute_blocks WHERE sym = ? AND hour BETWEEN ? AND ? ORDER BY hour').raw(),
      block: db.prepare('SELECT data FROM minute_blocks WHERE sym = ? AND hour = ?').pluck(),
      putBlock: db.prepare('INSERT OR REPLACE INTO minute_blocks VALUES (?, ?, ?)'),
      firstRow: db.prepare('SELECT min(minute) FROM minutes WHERE sym = ?').pluck(),
      lastRow: db.prepare('SELECT max(minute) FROM minutes WHERE sym = ?').pluck(),
      firstBlock: db.prepare('SELECT hour, data FROM minute_blocks WHERE sym = ? ORDER BY hour LIMIT 1').raw(),
      deleteBlock: db.prepare('DELETE FROM minute_blocks WHERE sym = ? AND hour = ?'),
      lastBlock: db.prepare('SELECT max(hour) FROM minute_blocks WHERE sym = ?').pluck(),
      deleteRows: db.prepare('DELETE FROM minutes WHERE sym = ? AND minute BETWEEN ? AND ?'),
      pruneRows: db.prepare('DELETE FROM minutes WHERE sym = ? AND minute < ?'),
      pruneBlocks: db.prepare('DELETE FROM minute_blocks WHERE sym = ? AND hour < ?'),
      setAside: db.prepare('INSERT OR REPLACE INTO minute_blocks_damaged (sym, hour, data, found_at) VALUES (?, ?, ?, ?)'),
    };
  }

  get damagedBlocks(): number {
    return this.damaged.size;
  }

  /** Appends the block's minutes in [first, last] to `out`; a damaged block adds none and is reported. */
  private decode(id: number, hour: number, data: Uint8Array, first: number, last: number, out: MinuteRowWithTime[]): boolean {
    const rows: MinuteRowWithTime[] = [];
    try {
      decodeHourBlock(hour, data, first, last, rows);
    } catch (error) {
      const key = `${id}:${hour}`;
      if (!this.damaged.has(key)) {
        this.damaged.add(key);
        this.onDamaged?.(id, hour, (error as Error).message);
      }
      return false;
    }
    for (const row of rows) out.push(row);
    return true;
  }

  /** A damaged block's bytes moved out of the way (inside the caller's transaction). */
  private setAside(id: number, hour: number, data: Buffer): void {
    this.sql.setAside.run(id, hour, data, Date.now());
    this.sql.deleteBlock.run(id, hour);
  }

  /** Rows of instrument `id` with minutes in [first, last], in minute order. */
  read(id: number, first: number, last: number): MinuteRowWithTime[] {
    const blocks = this.sql.blocks.all(id, Math.floor(first / 60), Math.floor(last / 60)) as [number, Buffer][];
    const rows = this.sql.rows.all(id, first, last) as MinuteRowWithTime[];
    if (blocks.length === 0) return rows;
    const compacted: MinuteRowWithTime[] = [];
    for (const [hour, data] of blocks) this.decode(id, hour, data, first, last, compacted);
    return mergeRows(compacted, rows);
  }

  /** The stored row of one minute, wherever it is kept. */
  get(id: number, minute: number): MinuteRow | undefined {
    const row = this.sql.minute.get(id, minute) as MinuteRow | undefined;
    if (row) return row;
    const data = this.sql.block.get(id, Math.floor(minute / 60)) as Buffer | undefined;
    if (!data) return undefined;
    const found: MinuteRowWithTime[] = [];
    this.decode(id, Math.floor(minute / 60), data, minute, minute, found);
    return found[0]?.slice(1) as MinuteRow | undefined;
  }

  put(id: number, minute: number, row: MinuteRow): void {
    this.sql.insert.run(id, minute, ...row);
  }

  /** Earliest stored minute of `id`, or null. */
  first(id: number): number | null {
    const row = this.sql.firstRow.get(id) as number | null;
    const block = this.sql.firstBlock.get(id) as [number, Buffer] | undefined;
    if (!block) return row;
    const minute = firstMinuteOf(block[0], block[1]);
    return row === null ? minute : Math.min(row, minute);
  }

  /** Latest stored minute of `id` (a block counts to its hour's end), or null. */
  last(id: number): number | null {
    const row = this.sql.lastRow.get(id) as number | null;
    const hour = this.sql.lastBlock.get(id) as number | null;
    if (hour === null) return row;
    return row === null ? hour * 60 + 59 : Math.max(row, hour * 60 + 59);
  }

  /**
   * Deletes the minutes of `id` before minute `cutoff`: rows, the blocks of hours wholly before it,
   * and the first part of the block of the hour it falls in (retention is kept to the minute, and a
   * minute newer in `minutes` never leaves its older self behind in a block). Returns how many rows
   * and blocks went or changed (0: nothing was before `cutoff`).
   */
  prune(id: number, cutoff: number): number {
    let changed = this.sql.pruneRows.run(id, cutoff).changes;
    const hour = Math.floor(cutoff / 60);
    changed += this.sql.pruneBlocks.run(id, hour).changes;
    const data = this.sql.block.get(id, hour) as Buffer | undefined;
    if (data && firstMinuteOf(hour, data) < cutoff) {
      const kept: MinuteRowWithTime[] = [];
      if (!this.decode(id, hour, data, cutoff, hour * 60 + 59, kept)) this.setAside(id, hour, data);
      else if (kept.length > 0) this.sql.putBlock.run(id, hour, encodeHourBlock(hour, kept));
      else this.sql.deleteBlock.run(id, hour);
      changed += 1;
    }
    return changed;
  }

  /**
   * Compacts up to `maxHours` hours of `id` that end before minute `before` into blocks (merged
   * with a block the hour already has); returns the hours compacted (0: none left before it).
   */
  compact(id: number, before: number, maxHours: number): number {
    let done = 0;
    while (done < maxHours) {
      const first = this.sql.firstRow.get(id) as number | null;
      if (first === null) break;
      const hour = Math.floor(first / 60);
      if ((hour + 1) * 60 > before) break;
      this.db.transaction(() => {
        const rows = this.sql.rows.all(id, hour * 60, hour * 60 + 59) as MinuteRowWithTime[];
        const data = this.sql.block.get(id, hour) as Buffer | undefined;
        const kept: MinuteRowWithTime[] = [];
        if (data && !this.decode(id, hour, data, hour * 60, hour * 60 + 59, kept)) this.setAside(id, hour, data);
        this.sql.putBlock.run(id, hour, encodeHourBlock(hour, mergeRows(kept, rows)));
        this.sql.deleteRows.run(id, hour * 60, hour * 60 + 59);
      })();
      done += 1;
    }
    return done;
  }
}
