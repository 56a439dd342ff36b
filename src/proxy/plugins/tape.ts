import fp from 'fastify-plugin';
import { futuresResponseSchema } from '@/interface';
import { proxyDefaults, type TapeBackfill } from '../options';
import { TapeRecorder } from '../tape/recorder';
import { TapeStore } from '../tape/tapeStore';

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Minutes of one instrument deleted per turn of the event loop. */
const PRUNE_BATCH_MINUTES = 1440;
const COMPACT_EVERY_MS = 10 * 60 * 1000;
/** Hours of one instrument made blocks per turn of the event loop (about 2 ms). */
const COMPACT_BATCH_HOURS = 6;
/** An hour is compacted this long after its end, when a late minute is unlikely to come. */
const COMPACT_AFTER_MS = 5 * 60 * 1000;
const FUTURES = '/v1/public/futures';

export interface TapePluginOptions {
  path: string;
  retentionDays?: number;
  backfill?: TapeBackfill;
  polls?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    tape: TapeRecorder;
  }
}

/**
 * The market tape: every snapshot of the market the service answers with is recorded, whoever
 * asked for it. The proxy asks once per interval of the shared reads (the config's quotes rate)
 * whether or not a terminal is open; terminals polling in the same interval share that answer, so
 * the service still sees one request per interval.
 */
export const tapePlugin = fp<TapePluginOptions>(
  async (app, options) => {
    const store = new TapeStore(options.path);
    const recorder = new TapeRecorder(store);
    recorder.onWriteError = (error) => app.log.error({ err: { message: error.message } }, 'tape: a minute could not be written and is lost');
    store.onDamagedBlock = (symbol, hourStart, message) =>
      app.log.error({ err: { message }, symbol, hour: new Date(hourStart).toISOString() }, 'tape: an hour of stored minutes is damaged; it reads as a gap and is set aside');
    app.reads.onSnapshot = (path, json, checked) => {
      if (path === FUTURES) recorder.record(json, checked);
    };
    app.decorate('tape', recorder);

    let closed = false;
    let pollTimer: NodeJS.Timeout | undefined;
    let pruneTimer: NodeJS.Timeout | undefined;
    let compactTimer: NodeJS.Timeout | undefined;
    const poll = async () => {
      recorder.flushIfOver();
      await app.reads.read(FUTURES, 'the market data', futuresResponseSchema).catch(() => undefined);
      if (closed) return;
      // At the start of the next interval: a terminal reading later in it shares this answer.
      const every = app.reads.coalesceMs > 0 ? app.reads.coalesceMs : 500;
      pollTimer = setTimeout(() => void poll(), every - (Date.now() % every) + 1);
    };

    // One round of each kind at a time (a round over a big tape can outlast the timer); a round
    // asked for meanwhile runs once that one ends, as it may have instruments the first did not.
    const rounds = new Map<string, { again: boolean }>();
    const eachInstrument = (what: string, work: (symbol: string) => number, done: (total: number) => void) => {
      const running = rounds.get(what);
      if (running) {
        running.again = true;
        return;
      }
      const round = { again: false };
      rounds.set(what, round);
      const failed = (message: string, symbol: string) => app.log.error({ err: { message }, symbol }, `tape: ${what} failed`);
      upkeep(store, () => closed, failed, work, (total) => {
        rounds.delete(what);
        done(total);
        if (round.again) eachInstrument(what, work, done);
      });
    };

    const retentionDays = options.retentionDays ?? proxyDefaults.tapeRetentionDays;
    const prune = () => {
      const before = Date.now() - retentionDays * DAY_MS;
      eachInstrument('pruning', (symbol) => store.pruneSome(symbol, before, PRUNE_BATCH_MINUTES), (deleted) => {
        if (deleted > 0) app.log.info({ rows: deleted, retentionDays }, 'tape: minutes past retention deleted');
      });
    };
    // Finished hours become blocks (see tape/hourBlocks.ts): what makes a day of minutes quick to read.
    const compact = () => {
      // Minutes are numbered by the service's clock, which may differ from ours.
      const before = (recorder.lastRecordedAt ?? Date.now()) - COMPACT_AFTER_MS;
      eachInstrument('compacting', (symbol) => store.compactSome(symbol, before, COMPACT_BATCH_HOURS), () => undefined);
    };

    app.addHook('onReady', async () => {
      // The past written, its hours are made blocks at once (not at the next round, 10 minutes on).
      if (options.backfill && store.isEmpty) backfill(app.log, store, options.backfill, () => closed, compact);
      if (options.polls !== false) void poll();
      if (retentionDays > 0) {
        prune();
        pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
        pruneTimer.unref();
      }
      compact();
      compactTimer = setInterval(compact, COMPACT_EVERY_MS);
      compactTimer.unref();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(pollTimer);
      clearInterval(pruneTimer);
      clearInterval(compactTimer);
      recorder.flush();
      store.close();
    });
  },
  { name: 'tape', dependencies: ['service'] },
);

/**
 * Upkeep of the file, a little per turn of the event loop so that it never holds up a poll: `work`
 * is called for one instrument at a time until it returns 0 for it. A failure (a full disk, say)
 * is reported and that instrument left for the next round.
 */
function upkeep(
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
function backfill(
  log: { info(data: object, message: string): void },
  store: TapeStore,
  source: TapeBackfill,
  isClosed: () => boolean,
  done: () => void,
): void {
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
