import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import { keepInStep } from '../held/resync';
import { takeOver } from '../sending/takeOver';
import { Dispatcher } from '../sending/dispatcher';
import { SenderLease } from '../sending/lease';

export interface DeskPluginOptions {
  /** How long the sending lease lasts without a renew (LEASE_TTL_MS): the failover time. */
  leaseTtlMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A desk's sending leases (DATABASE_URL), one per account by name; null for a proxy on its own. */
    leases: ReadonlyMap<string, SenderLease> | null;
  }
}

/** How often the sender's book of held orders is brought in step with the journal. */
const RESYNC_EVERY_MS = 1000;

/**
 * A desk: several proxies on one database, one of them sending for each account at a time (that
 * account's lease: two accounts may be sent by two proxies). The holder recovers what the account's
 * last sender left in flight (unknown, never resent), arms the held orders and settles bracket
 * exits from the journal, sends every ticket of the account journaled through the others, and
 * fires the account's held orders; the others journal and wait. Alone (no database) the proxy
 * sends and judges always, and none of this runs.
 */
export const deskPlugin = fp<DeskPluginOptions>(
  async (app, options) => {
    const pg = app.postgres;
    if (!pg) {
      app.decorate('leases', null);
      return;
    }
    const holder = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    const leases = new Map<string, SenderLease>();
    const dispatchers: Dispatcher[] = [];
    let resync: NodeJS.Timeout | undefined;
    const holding = () => [...leases.values()].some((lease) => lease.held);
    const keepBookInStep = async () => {
      await keepInStep(app.held, app.brackets, app.journal).catch((error: Error) =>
        app.log.warn({ err: { message: error.message } }, 'held orders: the book could not be brought in step with the journal'),
      );
      // One round at a time: a lease lost and taken again while a read was under way starts another.
      clearTimeout(resync);
      if (holding()) resync = setTimeout(() => void keepBookInStep(), RESYNC_EVERY_MS);
    };

    for (const account of app.accountBook.views()) {
      const log = app.log.child({ account: account.name });
      const lease = new SenderLease({ pg, accountId: account.accountId, holder, ttlMs: options.leaseTtlMs, log });
      const sender = app.sender.of(account.name);
      sender.useGate(
        {
          get sending() {
            return lease.held;
          },
        },
        lease,
      );
      const dispatcher = new Dispatcher({ journal: app.journal, sender, log, account: account.name });
      dispatchers.push(dispatcher);
      lease.onAcquired((token) => {
        log.info({ holder, token }, 'this proxy sends for the account now');
        void takeOver({
          stillHeld: () => lease.token === token,
          log,
          steps: async () => {
            const recovered = await app.journal.recover(Date.now(), { keepPending: true, account: account.name });
            if (recovered > 0) log.warn({ orders: recovered }, 'orders the last sender had in flight are now unknown');
            const armed = await app.held.load();
            if (armed > 0) log.info({ held: armed }, 'held orders armed from the journal');
            await app.brackets.recover();
            // Lost meanwhile: the dispatcher was stopped at the loss and must stay so.
            if (lease.token !== token) return;
            dispatcher.start();
            await keepBookInStep();
          },
        });
      });
      lease.onLost((reason) => {
        dispatcher.stop();
        if (!holding()) clearTimeout(resync);
        log.warn({ holder, reason }, 'this proxy no longer sends for the account');
      });
      leases.set(account.name, lease);
    }
    app.decorate('leases', leases);
    app.addHook('onReady', async () => {
      await Promise.all([...leases.values()].map((lease) => lease.start()));
    });
    // After the sender has stopped (its preClose): the next holder takes over at once.
    app.addHook('onClose', async () => {
      for (const dispatcher of dispatchers) dispatcher.stop();
      clearTimeout(resync);
      await Promise.all([...leases.values()].map((lease) => lease.stop()));
    });
  },
  { name: 'desk', dependencies: ['postgres', 'journal', 'sender', 'held', 'brackets'] },
);
