import fp from 'fastify-plugin';
import { REQUESTS_PER_SECOND } from '@/interface';
import { AccountBook, type NamedAccount } from '../accounts';
import { AccountSenders } from '../sending/accounts';
import { Pacer } from '../sending/pacer';
import { createSigner } from '../sending/signer';
import type { SendLimits } from '../sending/limits';
import { TicketSender } from '../sending/sender';

export interface SenderPluginOptions {
  /** Every account the proxy signs for, the environment's (`main`) first. */
  accounts: readonly NamedAccount[];
  pacingMs?: number;
  limits: SendLimits;
  /** How long a stop waits for the request at the service (its timeout) before closing anyway. */
  stopGraceMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts as routes see them: names and account ids, never a key or secret. */
    accountBook: AccountBook;
  }
}

/**
 * Signs, journals and sends tickets, one sender per account: its own key, its own pacer (the
 * service's limit is per key). Each secret becomes a signer here and is kept as nothing else. On
 * close it stops first: no new ticket, the request at the service finishes, every order not yet
 * sent fails with a reason the trader sees.
 */
export const senderPlugin = fp<SenderPluginOptions>(
  async (app, options) => {
    const pacingMs = options.pacingMs ?? Math.ceil(1000 / REQUESTS_PER_SECOND) + 100;
    const perOwner = new Map<string, number>();
    const senders = new Map(
      options.accounts.map((account) => [
        account.name,
        new TicketSender({
          account: account.name,
          journal: app.journal,
          client: app.serviceClient,
          clock: app.serviceClock,
          signer: createSigner(account.secret),
          accountId: account.accountId,
          pacer: new Pacer(pacingMs),
          log: app.log.child({ account: account.name }),
          limits: options.limits,
          perOwner,
          // The desk's rules come later in the start; read when a ticket's turn comes.
          halted: (placedBy) => app.deskRules?.tradingOff(placedBy, account.name) ?? Promise.resolve(undefined),
        }),
      ]),
    );
    const sender = new AccountSenders(senders);
    app.decorate('sender', sender);
    app.decorate('accountBook', new AccountBook(options.accounts));
    app.addHook('preClose', async () => {
      const answering = sender.ticketsInFlight > 0;
      await sender.stop(options.stopGraceMs + pacingMs);
      // The tickets' answers are being written; every socket is closed right after this hook.
      if (answering) await new Promise((resolve) => setTimeout(resolve, 100));
    });
  },
  { name: 'sender', dependencies: ['journal', 'service'] },
);
