import fp from 'fastify-plugin';
import { openJournalStore } from '../journal';
import { proxyDefaults } from '../options';

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 200;

export interface JournalPluginOptions {
  path: string;
  minFreeMb?: number;
  retentionDays?: number;
}

/**
 * The journal, opened (and recovered: what a last run left pending or sent becomes unknown) before
 * any route, closed after every request has ended. Finished tickets past retention are deleted in
 * small batches, one turn of the event loop each, so pruning never holds up a poll or a ticket.
 */
export const journalPlugin = fp<JournalPluginOptions>(
  async (app, options) => {
    const minFreeMb = options.minFreeMb ?? proxyDefaults.journalMinFreeMb;
    const journal = openJournalStore({ path: options.path, minFreeBytes: minFreeMb * 2 ** 20, postgres: app.postgres });
    journal.onBackgroundError((error) =>
      app.log.error({ err: { message: error.message } }, 'journal write or flush failed with nobody waiting'),
    );
    // A desk's journal is recovered by the proxy that takes the sending (plugins/desk.ts): at a
    // start, the others may have orders in flight.
    const recovered = journal.kind === 'sqlite' ? await journal.recover(Date.now()) : 0;
    if (recovered > 0) {
      app.log.warn({ orders: recovered }, 'orders left pending or sent by the last run are now unknown');
    }
    app.decorate('journal', journal);
    app.decorate('recoveredOrders', recovered);

    const retentionDays = options.retentionDays ?? proxyDefaults.journalRetentionDays;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const prune = () => {
      const before = Date.now() - retentionDays * DAY_MS;
      let deleted = 0;
      const step = async () => {
        if (closed) return;
        const count = await journal.pruneFinished(before, PRUNE_BATCH);
        deleted += count;
        if (count === PRUNE_BATCH) setImmediate(() => void step().catch(failed));
        else if (deleted > 0) app.log.info({ tickets: deleted, retentionDays }, 'finished tickets past retention deleted');
      };
      const failed = (error: Error) => app.log.error({ err: { message: error.message } }, 'pruning the journal failed; tried again in an hour');
      void step().catch(failed);
    };
    if (retentionDays > 0) {
      app.addHook('onReady', async () => {
        prune();
        timer = setInterval(prune, PRUNE_EVERY_MS);
        timer.unref();
      });
    }
    app.addHook('onClose', async () => {
      closed = true;
      clearInterval(timer);
      await journal.close();
    });
  },
  { name: 'journal', dependencies: ['postgres'] },
);
