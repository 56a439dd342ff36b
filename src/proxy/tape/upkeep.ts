import type { TapeBackfill } from '../options';
import type { TapeRecorder } from './recorder';
import type { TapeStore } from './tapeStore';

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Minutes of one instrument deleted per turn of the event loop. */
const PRUNE_BATCH_MINUTES = 1440;
const COMPACT_EVERY_MS = 10 * 60 * 1000;
/** Hours of one instrument made blocks per turn of the event loop (about 2 ms). */
const COMPACT_BATCH_HOURS = 6;
/** An hour is compacted this long after its end, when a late minute is unlikely to come. */
const COMPACT_AFTER_MS = 5 * 60 * 1000;

/** Where the upkeep reports: the proxy's log, without tying the tape to Fastify. */
export interface TapeLog {
  info(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface TapeUpkeepOptions {
  store: TapeStore;
  recorder: TapeRecorder;
  log: TapeLog;
  /** Asks the service for the market once; the answer reaches the recorder through the shared reads. */
  read: () => Promise<unknown>;
  /** The shared reads' interval, read at each poll: the service's config may change it after start. */
  coalesceMs: () => number;
  /** 0 keeps everything. */
  retentionDays: number;
  backfill?: TapeBackfill;
  /** False: the tape records only what terminals ask for (tests that drive the feed themselves). */
  polls: boolean;
}

/**
 * The tape's own work beside recording: polling the market whether or not a terminal is open,
 * pruning past retention, compacting finished hours and, on a new tape, writing the embedded
 * simulator's past. The store and recorder stay their owner's to flush and close after `stop()`.
 */
export class TapeUpkeep {
  private closed = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private compactTimer: NodeJS.Timeout | undefined;
  /** One round of each kind at a time (a round over a big tape can outlast the timer). */
  private readonly rounds = new Map<string, { again: boolean }>();

  constructor(private readonly options: TapeUpkeepOptions) {}

  start(): void {
    const { store, backfill, polls, retentionDays } = this.options;
    // The past written, its hours are made blocks at once (not at the next round, 10 minutes on).
    if (backfill && store.isEmpty) fillFromSimulator(this.options.log, store, backfill, () => this.closed, () => this.compact());
    if (polls) void this.poll();
    if (retentionDays > 0) {
      this.prune();
      this.pruneTimer = setInterval(() => this.prune(), PRUNE_EVERY_MS);
      this.pruneTimer.unref();
    }
    this.compact();
    this.compactTimer = setInterval(() => this.compact(), COMPACT_EVERY_MS);
    this.compactTimer.unref();
  }

  /** Ends every timer and round; rounds stop at their next turn, leaving the rest to the next start. */
  stop(): void {
    this.closed = true;
    clearTimeout(this.pollTimer);
    clearInterval(this.pruneTimer);
    clearInterval(this.compactTimer);
  }

  /** A round deleting the minutes past retention. */
  prune(): void {
    const { store, log, retentionDays } = this.options;
    const before = Date.now() - retentionDays * DAY_MS;
    this.eachInstrument('pruning', (symbol) => store.pruneSome(symbol, before, PRUNE_BATCH_MINUTES), (deleted) => {
      if (deleted > 0) log.info({ rows: deleted, retentionDays }, 'tape: minutes past retention deleted');
    });
  }

  /** A round making finished hours blocks (see hourBlocks.ts): what makes a day of minutes quick to read. */
  compact(): void {
    const { store, recorder } = this.options;
    // Minutes are numbered by the service's clock, which may differ from ours.
    const before = (recorder.lastRecordedAt ?? Date.now()) - COMPACT_AFTER_MS;
    this.eachInstrument('compacting', (symbol) => store.compactSome(symbol, before, COMPACT_BATCH_HOURS), () => undefined);
  }

  private async poll(): Promise<void> {
    this.options.recorder.flushIfOver();
    await this.options.read().catch(() => undefined);
    if (this.closed) return;
    // At the start of the next interval: a terminal reading later in it shares this answer.
    const coalesceMs = this.options.coalesceMs();
    const every = coalesceMs > 0 ? coalesceMs : 500;
    this.pollTimer = setTimeout(() => void this.poll(), every - (Date.now() % every) + 1);
  }

  /** A round asked for while one runs runs once that one ends, as it may have instruments the first did not. */
  private eachInstrument(what: string, work: (symbol: string) => number, done: (total: number) => void): void {
    const running = this.rounds.get(what);
    if (running) {
      running.again = true;
      return;
    }
    const round = { again: false };
    this.rounds.set(what, round);
    const failed = (message: string, symbol: string) => this.options.log.error({ err: { message }, symbol }, `tape: ${what} failed`);
    eachInstrumentInTurns(this.options.store, () => this.closed, failed, work, (total) => {
      this.rounds.delete(what);
      done(total);
      if (round.again) this.eachInstrument(what, work, done);
    });
  }
}

/**
 * Upkeep of the file, a little per turn of the event loop so that it never holds up a poll: `work`
 * is called for one instrument at a time until it returns 0 for it. A failure (a full disk, say)
 * is reported and that instrument left for the next round.
 */
function eachInstrumentInTurns(
  store: TapeStore,
  isClosed: () => boolean,
  failed: (message: string, symbol: string) => void,
  work: (symbol: string) => number,
  done: (total: number) => void,
): void {
  const symbols = store.symbolNames;
  let total = 0;
  const step = () => {
    if (isClosed()) return;
    const symbol = symbols[0];
    if (symbol === undefined) return done(total);
    try {
      const count = work(symbol);
      total += count;
      if (count === 0) symbols.shift();
    } catch (error) {
      failed((error as Error).message, symbol);
      symbols.shift();
    }
    setImmediate(step);
  };
  step();
}

/**
 * Fills a new tape with the embedded simulator's past, one instrument per turn of the event loop:
 * the proxy answers (and the tape records) from the start while the past is written.
 */
function fillFromSimulator(log: TapeLog, store: TapeStore, source: TapeBackfill, isClosed: () => boolean, done: () => void): void {
  const started = performance.now();
  const instruments = source(Date.now())[Symbol.iterator]();
  let minutes = 0;
  let busyMs = 0;
  const step = () => {
    if (isClosed()) return;
    const turn = performance.now();
    const next = instruments.next();
    if (next.done) {
      log.info({ minutes, busyMs: Math.round(busyMs), ms: Math.round(performance.now() - started) }, 'tape: new, so the embedded simulator filled in its past (marked simulated)');
      return done();
    }
    const { symbol, candles } = next.value;
    store.writeMinutes(candles.map((candle) => ({ symbol, candle: { ...candle, simulated: true } })));
    minutes += candles.length;
    busyMs += performance.now() - turn;
    setImmediate(step);
  };
  step();
}
