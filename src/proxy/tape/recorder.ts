import { futuresRowSchema, type FuturesRow } from '@/interface';
import type { StoredCandle } from './codec';
import { MINUTE_MS, type TapeStore } from './tapeStore';

/** What the tape has seen, for /api/health. */
export interface TapeCounts {
  /** Snapshots of the market whose rows were recorded. */
  recordedSnapshots: number;
  /** Answers that were not a snapshot at all (no timestamp or rows): nothing recorded. */
  skippedSnapshots: number;
  /** Rows that failed the schema, each skipped alone. */
  skippedRows: number;
  /** Minutes written, and writes that failed (the disk, say). */
  writtenMinutes: number;
  failedWrites: number;
}

interface Envelope {
  timestamp: number;
  rows: unknown[];
}

function envelopeOf(json: unknown): Envelope | undefined {
  const { success, timestamp, data } = (json ?? {}) as { success?: unknown; timestamp?: unknown; data?: { rows?: unknown } };
  if (success !== true || typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp < 0) return undefined;
  const rows = data?.rows;
  return Array.isArray(rows) ? { timestamp, rows } : undefined;
}

const candleOf = (row: FuturesRow, time: number): StoredCandle => ({
  time,
  open: row.mark_price,
  high: row.mark_price,
  low: row.mark_price,
  close: row.mark_price,
  index_close: row.index_price,
  est_funding_rate: row.est_funding_rate,
  open_interest: row.open_interest,
  volume_24h: row['24h_volume'],
  samples: 1,
  simulated: false,
});

/**
 * Turns snapshots into minute candles. The minute in progress (of the snapshots' own timestamps)
 * is kept in memory and written whole, in one transaction, when the next minute's first snapshot
 * arrives or the minute is surely over; a crash loses at most that minute. Nothing is ever filled
 * in: a minute without a snapshot has no candle.
 */
export class TapeRecorder {
  readonly counts: TapeCounts = { recordedSnapshots: 0, skippedSnapshots: 0, skippedRows: 0, writtenMinutes: 0, failedWrites: 0 };
  /** Service time of the last snapshot recorded. */
  lastRecordedAt: number | null = null;
  /** Told of a write that failed; the minute is dropped (the tape never blocks the feed). */
  onWriteError: ((error: Error) => void) | undefined;
  private minute = -1;
  /** Proxy time at which the minute in progress began arriving. */
  private minuteSeenAt = 0;
  private current = new Map<string, StoredCandle>();
  /** Finished minutes waiting for their write (the next turn of the event loop). */
  private readonly pending: Map<string, StoredCandle>[] = [];

  constructor(
    readonly store: TapeStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records a snapshot the service answered with. `checked`: the whole answer already passed the
   * futures schema, so its rows need no second look; otherwise each row is checked on its own and
   * only the good ones are recorded.
   */
  record(json: unknown, checked: boolean): void {
    const envelope = envelopeOf(json);
    if (!envelope) {
      this.counts.skippedSnapshots += 1;
      return;
    }
    const minute = Math.floor(envelope.timestamp / MINUTE_MS);
    if (minute !== this.minute) this.startMinute(minute);
    const time = minute * MINUTE_MS;
    for (const item of envelope.rows) {
      let row: FuturesRow;
      if (checked) row = item as FuturesRow;
      else {
        const parsed = futuresRowSchema.safeParse(item);
        if (!parsed.success) {
          this.counts.skippedRows += 1;
          continue;
        }
        row = parsed.data;
      }
      const candle = this.current.get(row.symbol);
      if (!candle) this.current.set(row.symbol, candleOf(row, time));
      else {
        const price = row.mark_price;
        if (price > candle.high) candle.high = price;
        if (price < candle.low) candle.low = price;
        candle.close = price;
        candle.index_close = row.index_price;
        candle.est_funding_rate = row.est_funding_rate;
        candle.open_interest = row.open_interest;
        candle.volume_24h = row['24h_volume'];
        candle.samples += 1;
      }
    }
    this.counts.recordedSnapshots += 1;
    this.lastRecordedAt = envelope.timestamp;
  }

  /** The candle of the minute in progress, not yet on disk. */
  inProgress(symbol: string): StoredCandle | undefined {
    const candle = this.current.get(symbol);
    return candle ? { ...candle } : undefined;
  }

  /** Instruments on the tape, on disk or in the minute in progress. */
  get instrumentCount(): number {
    let count = this.store.symbolCount;
    for (const symbol of this.current.keys()) if (!this.store.has(symbol)) count += 1;
    return count;
  }

  /** Whether the tape has this instrument, on disk or in the minute in progress. */
  has(symbol: string): boolean {
    return this.store.has(symbol) || this.current.has(symbol);
  }

  /**
   * Writes the minute in progress once it is surely over: a minute of service time has passed on
   * the proxy's clock since its first snapshot arrived (clocks differ in offset, not in rate).
   */
  flushIfOver(): void {
    if (this.current.size > 0 && this.now() - this.minuteSeenAt > MINUTE_MS) this.flush();
  }

  /** Writes the minute in progress, and any finished one still waiting, now (on stop). */
  flush(): void {
    const finished = this.current;
    this.current = new Map();
    this.minute = -1;
    this.pending.push(finished);
    this.writePending();
  }

  private startMinute(minute: number): void {
    if (this.current.size > 0) {
      // Written on the next turn: the answer that opened the new minute reaches terminals first.
      this.pending.push(this.current);
      this.current = new Map();
      setImmediate(() => this.writePending());
    }
    this.minute = minute;
    this.minuteSeenAt = this.now();
  }

  private writePending(): void {
    for (const finished of this.pending.splice(0)) {
      if (finished.size === 0) continue;
      try {
        this.store.writeMinutes([...finished].map(([symbol, candle]) => ({ symbol, candle })));
        this.counts.writtenMinutes += 1;
      } catch (error) {
        this.counts.failedWrites += 1;
        this.onWriteError?.(error as Error);
      }
    }
  }
}
