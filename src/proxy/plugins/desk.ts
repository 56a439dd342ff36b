import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { resyncBook } from '../held/resync';
import { Dispatcher } from '../sending/dispatcher';
import { SenderLease } from '../sending/lease';

export interface DeskPluginOptions {
  accountId: string;
  /** How long the sending lease lasts without a renew (LEASE_TTL_MS): the failover time. */
  leaseTtlMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A desk's sending lease (DATABASE_URL), null for a proxy on its own. */
    lease: SenderLease | null;
  }
}

/** How often the sender's book of held orders is brought in step with the journal. */
const RESYNC_EVERY_MS = 1000;

/**
 * A desk: several proxies on one database, one of them sending for the account at a time (the
 * lease). The holder recovers what the last one left in flight (unknown, never resent), arms the
 * held orders and settles bracket exits from the journal, sends every ticket journaled through the
 * others, and judges held orders; the others journal and wait. Alone (no database) the proxy sends
 * and judges always, and none of this runs.
 */
export const deskPlugin = fp<DeskPluginOptions>(
  async (app, options) => {
    const pg = app.postgres;
    if (!pg) {
      app.decorate('lease', null);
      return;
    }
    const holder = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    const lease = new SenderLease({ pg, accountId: options.accountId, holder, ttlMs: options.leaseTtlMs, log: app.log });
    app.journal.useFence(lease);
    app.sender.useGate({
      get sending() {
        return lease.held;
      },
    });
    const dispatcher = new Dispatcher({ journal: app.journal, sender: app.sender, log: app.log });
    let resync: NodeJS.Timeout | undefined;
    const keepBookInStep = async () => {
      await resyncBook(app.held, app.journal).catch((error: Error) => app.log.warn({ err: { message: error.message } }, 'held orders: the book could not be read from the journal'));
      // One round at a time: a lease lost and taken again while a read was under way starts another.
      clearTimeout(resync);
      if (lease.held) resync = setTimeout(() => void keepBookInStep(), RESYNC_EVERY_MS);
    };

    lease.onAcquired((token) => {
      void (async () => {
        app.log.info({ holder, token }, 'this proxy sends for the account now');
        const recovered = await app.journal.recover(Date.now(), { keepPending: true });
        if (recovered > 0) app.log.warn({ orders: recovered }, 'orders the last sender had in flight are now unknown');
        const armed = await app.held.load();
        if (armed > 0) app.log.info({ held: armed }, 'held orders armed from the journal');
        await app.brackets.recover();
        dispatcher.start();
        await keepBookInStep();
      })().catch((error: Error) => app.log.error({ err: { message: error.message } }, 'taking over the sending failed; the next renew tries again'));
    });
    lease.onLost((reason) => {
      dispatcher.stop();
      clearTimeout(resync);
      app.log.warn({ holder, reason }, 'this proxy no longer sends for the account');
    });
    app.decorate('lease', lease);
    app.addHook('onReady', async () => {
      await lease.start();
    });
    // After the sender has stopped (its preClose): the next holder takes over at once.
    app.addHook('onClose', async () => {
      dispatcher.stop();
      clearTimeout(resync);
      await lease.stop();
    });
  },
  { name: 'desk', dependencies: ['postgres', 'journal', 'sender', 'held', 'brackets'] },
);
