import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { preparePrivateFile } from '../files';
import { decodeMinute, encodeMinute, mergeCandle, type StoredCandle } from './codec';
import { candleJson } from './candlesJson';
import { migrateTape } from './migrations';
import { MinuteCache, type MinuteSlice } from './minuteCache';
import { MinuteRows } from './minuteRows';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** One instrument's candle for one minute, as the recorder hands it over. */
export interface MinuteCandle {
  symbol: string;
  candle: StoredCandle;
}

interface SymbolState {
  id: number;
  /** Latest minute written: a minute at or before it is merged with what is there. */
  lastMinute: number;
  /** First minute recorded from a snapshot (not simulated), ms; null when none yet. */
  recordedSince: number | null;
  /** Scales of the last row written: the decimals the next one most likely has. */
  scales: number;
}

const HOUR_COLUMNS = 'open, high, low, close, index_close, funding, open_interest, volume, samples, simulated';

/**
 * The tape's SQLite file (WAL): per-minute candles per instrument and the hours rolled up from them
 * as each minute is written. Writes are whole minutes of every instrument, one transaction each.
 */
export class TapeStore {
  private readonly db: Database.Database;
  private readonly rows: MinuteRows;
  private readonly symbols = new Map<string, SymbolState>();
  private readonly sql;
  /** Told once of each damaged block of minutes met (read as a gap): the instrument and the hour's start (ms). */
  onDamagedBlock: ((symbol: string, hourStart: number, message: string) => void) | undefined;
  /** The last minutes read per instrument (a chart asks for the same day again and again). */
  private readonly recentReads = new MinuteCache(candleJson);

  constructor(readonly path: string) {
    preparePrivateFile(path);
    this.db = new Database(path);
    const mode = this.db.pragma('journal_mode = WAL', { simple: true });
    // NORMAL: a crash may lose the last commits, never corrupt; the tape is not the journal.
    this.db.pragma(mode === 'wal' ? 'synchronous = NORMAL' : 'synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    migrateTape(this.db);
    const db = this.db;
    this.rows = new MinuteRows(db);
    this.rows.onDamaged = (id, hour, message) => {
      const symbol = [...this.symbols].find(([, state]) => state.id === id)?.[0] ?? `#${id}`;
      this.onDamagedBlock?.(symbol, hour * HOUR_MS, message);
    };
    this.sql = {
      addSymbol: db.prepare('INSERT INTO symbols (symbol) VALUES (?)'),
      setRecordedSince: db.prepare('UPDATE symbols SET recorded_since = ? WHERE id = ?'),
      upsertHour: db.prepare(
        `INSERT INTO hours VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (sym, hour) DO UPDATE SET
          high = max(high, excluded.high), low = min(low, excluded.low), close = excluded.close,
          index_close = excluded.index_close, funding = excluded.funding, open_interest = excluded.open_interest,
          volume = excluded.volume, samples = samples + excluded.samples, simulated = max(simulated, excluded.simulated)`,
      ),
      hours: db.prepare(`SELECT hour, ${HOUR_COLUMNS} FROM hours WHERE sym = ? AND hour BETWEEN ? AND ? ORDER BY hour`).raw(),
      pruneHours: db.prepare('DELETE FROM hours WHERE sym = ? AND hour < ?'),
    };
    const rows = db.prepare('SELECT id, symbol, recorded_since FROM symbols').all() as { id: number; symbol: string; recorded_since: number | null }[];
    for (const row of rows) {
      const last = this.rows.last(row.id);
      this.symbols.set(row.symbol, { id: row.id, lastMinute: last ?? -1, recordedSince: row.recorded_since, scales: -1 });
    }
  }

  /** Whether the tape has ever had this instrument. */
  has(symbol: string): boolean {
    return this.symbols.has(symbol);
  }

  get isEmpty(): boolean {
    return this.symbols.size === 0;
  }

  get symbolCount(): number {
    return this.symbols.size;
  }

  recordedSince(symbol: string): number | null {
    return this.symbols.get(symbol)?.recordedSince ?? null;
  }

  /** Earliest recorded minute of any instrument (ms), or null. */
  get firstRecorded(): number | null {
    let first: number | null = null;
    for (const state of this.symbols.values()) {
      if (state.recordedSince !== null && (first === null || state.recordedSince < first)) first = state.recordedSince;
    }
    return first;
  }

  /**
   * Writes minutes in one transaction; a minute already on the tape is merged, not replaced. Each
   * instrument's hours are merged in memory first: one upsert per hour, not per minute.
   */
  writeMinutes(candles: readonly MinuteCandle[]): void {
    this.db.transaction(() => {
      let hour: { id: number; candle: StoredCandle } | undefined;
      for (const { symbol, candle } of candles) {
        const id = this.writeOne(symbol, candle);
        const time = Math.floor(candle.time / HOUR_MS) * HOUR_MS;
        if (hour && hour.id === id && hour.candle.time === time) mergeCandle(hour.candle, candle);
        else {
          if (hour) this.upsertHour(hour.id, hour.candle);
          hour = { id, candle: { ...candle, time } };
        }
      }
      if (hour) this.upsertHour(hour.id, hour.candle);
    })();
  }

  private upsertHour(id: number, c: StoredCandle): void {
    const hour = c.time / HOUR_MS;
    this.sql.upsertHour.run(id, hour, c.open, c.high, c.low, c.close, c.index_close, c.est_funding_rate, c.open_interest, c.volume_24h, c.samples, c.simulated ? 1 : 0);
  }

  /** Writes one minute row; returns the instrument's id. */
  private writeOne(symbol: string, candle: StoredCandle): number {
    const state = this.stateOf(symbol);
    const minute = Math.floor(candle.time / MINUTE_MS);
    let stored = candle;
    if (minute <= state.lastMinute) {
      const existing = this.rows.get(state.id, minute);
      if (existing) stored = mergeCandle(decodeMinute(minute, existing), candle);
    }
    this.recentReads.written(state.id, minute);
    const row = encodeMinute(stored, state.scales);
    state.scales = row[9];
    this.rows.put(state.id, minute, row);
    state.lastMinute = Math.max(state.lastMinute, minute);
    if (!candle.simulated && (state.recordedSince === null || candle.time < state.recordedSince)) {
      state.recordedSince = candle.time;
      this.sql.setRecordedSince.run(candle.time, state.id);
    }
    return state.id;
  }

  private stateOf(symbol: string): SymbolState {
    let state = this.symbols.get(symbol);
    if (!state) {
      const id = Number(this.sql.addSymbol.run(symbol).lastInsertRowid);
      state = { id, lastMinute: -1, recordedSince: null, scales: -1 };
      this.symbols.set(symbol, state);
    }
    return state;
  }

  /** Minute candles of `symbol` with start in [from, to] (ms), oldest first. */
  minutes(symbol: string, from: number, to: number): StoredCandle[] {
    const state = this.symbols.get(symbol);
    if (!state) return [];
    const rows = this.rows.read(state.id, Math.ceil(from / MINUTE_MS), Math.floor(to / MINUTE_MS));
    const candles: StoredCandle[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) candles[i] = decodeMinute(rows[i]![0]!, rows[i]!, 1);
    return candles;
  }

  /**
   * Minute candles of `symbol` with start in [from, to] (ms), oldest first, as the last reads left
   * them plus what is new: read-only, shared with later reads (copy a candle before changing it).
   */
  recentMinutes(symbol: string, from: number, to: number): MinuteSlice | undefined {
    const state = this.symbols.get(symbol);
    if (!state) return undefined;
    const read = (first: number, last: number) => this.rows.read(state.id, first, last);
    return this.recentReads.read(state.id, Math.ceil(from / MINUTE_MS), Math.floor(to / MINUTE_MS), read);
  }

  /** Hour candles of `symbol` with start in [from, to] (ms), oldest first. */
  hours(symbol: string, from: number, to: number): StoredCandle[] {
    const state = this.symbols.get(symbol);
    if (!state) return [];
    const rows = this.sql.hours.all(state.id, Math.ceil(from / HOUR_MS), Math.floor(to / HOUR_MS)) as number[][];
    return rows.map(([hour, open, high, low, close, index, funding, openInterest, volume, samples, simulated]) => ({
      time: hour! * HOUR_MS,
      open: open!,
      high: high!,
      low: low!,
      close: close!,
      index_close: index!,
      est_funding_rate: funding!,
      open_interest: openInterest!,
      volume_24h: volume!,
      samples: samples!,
      simulated: simulated === 1,
    }));
  }

  /**
   * Deletes at most `maxMinutes` minutes of one instrument before `before` (ms), and its hours
   * wholly before it; returns the rows deleted (0: nothing left to prune for `symbol`).
   */
  pruneSome(symbol: string, before: number, maxMinutes: number): number {
    const state = this.symbols.get(symbol);
    if (!state) return 0;
    const first = this.rows.first(state.id);
    const cutoff = Math.floor(before / MINUTE_MS);
    if (first === null || first >= cutoff) return 0;
    this.recentReads.pruned(state.id);
    return this.db.transaction(() => {
      const deleted = this.rows.prune(state.id, Math.min(cutoff, first + maxMinutes));
      this.sql.pruneHours.run(state.id, Math.floor(Math.min(cutoff, first + maxMinutes) / 60));
      if (state.recordedSince !== null && state.recordedSince < before) {
        state.recordedSince = Math.min(before, (first + maxMinutes) * MINUTE_MS);
        this.sql.setRecordedSince.run(state.recordedSince, state.id);
      }
      return deleted;
    })();
  }

  /**
   * Compacts up to `maxHours` finished hours of `symbol` (ending before `before`, ms) into blocks;
   * returns the hours compacted (0: none left for `symbol`). What reads return does not change.
   */
  compactSome(symbol: string, before: number, maxHours: number): number {
    const state = this.symbols.get(symbol);
    return state ? this.rows.compact(state.id, Math.floor(before / MINUTE_MS), maxHours) : 0;
  }

  /** Damaged blocks of minutes met since the file was opened (each read as a gap, then set aside). */
  get damagedBlocks(): number {
    return this.rows.damagedBlocks;
  }

  get symbolNames(): string[] {
    return [...this.symbols.keys()];
  }

  /** Bytes of the file and its write-ahead log. */
  fileBytes(): number {
    if (this.path === ':memory:') return 0;
    const size = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    return size(this.path) + size(`${this.path}-wal`);
  }

  close(): void {
    this.db.close();
  }
}
