import fp from 'fastify-plugin';
import { REQUESTS_PER_SECOND } from '@/interface';
import type { ServiceAccount } from '../options';
import { Pacer } from '../sending/pacer';
import { createSigner } from '../sending/signer';
import type { SendLimits } from '../sending/limits';
import { TicketSender } from '../sending/sender';

export interface SenderPluginOptions {
  account: ServiceAccount;
  pacingMs?: number;
  limits: SendLimits;
  /** How long a stop waits for the request at the service (its timeout) before closing anyway. */
  stopGraceMs: number;
}

/**
 * Signs, journals and sends tickets. On close it stops first: no new ticket, the request at the
 * service finishes, every order not yet sent fails with a reason the trader sees.
 */
export const senderPlugin = fp<SenderPluginOptions>(
  async (app, options) => {
    const pacingMs = options.pacingMs ?? Math.ceil(1000 / REQUESTS_PER_SECOND) + 100;
    const sender = new TicketSender({
      journal: app.journal,
      client: app.serviceClient,
      clock: app.serviceClock,
      signer: createSigner(options.account.secret),
      accountId: options.account.accountId,
      pacer: new Pacer(pacingMs),
      log: app.log,
      limits: options.limits,
    });
    app.decorate('sender', sender);
    app.addHook('preClose', async () => {
      const answering = sender.ticketsInFlight > 0;
      await sender.stop(options.stopGraceMs + pacingMs);
      // The tickets' answers are being written; every socket is closed right after this hook.
      if (answering) await new Promise((resolve) => setTimeout(resolve, 100));
    });
  },
  { name: 'sender', dependencies: ['journal', 'service'] },
);
