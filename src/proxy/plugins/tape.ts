import fp from 'fastify-plugin';
import { futuresResponseSchema } from '@/interface';
import { proxyDefaults, type TapeBackfill } from '../options';
import { TapeRecorder } from '../tape/recorder';
import { TapeStore } from '../tape/tapeStore';
import { TapeUpkeep } from '../tape/upkeep';

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
 * the service still sees one request per interval. Polling, pruning, compacting and the backfill
 * are the tape's own (tape/upkeep.ts).
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

    const upkeep = new TapeUpkeep({
      store,
      recorder,
      log: app.log,
      read: () => app.reads.read(FUTURES, 'the market data', futuresResponseSchema),
      coalesceMs: () => app.reads.coalesceMs,
      retentionDays: options.retentionDays ?? proxyDefaults.tapeRetentionDays,
      backfill: options.backfill,
      polls: options.polls !== false,
    });
    app.addHook('onReady', async () => upkeep.start());
    app.addHook('onClose', async () => {
      upkeep.stop();
      recorder.flush();
      store.close();
    });
  },
  { name: 'tape', dependencies: ['service'] },
);
