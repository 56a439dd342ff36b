import type { JournalStore } from '../journal';
import type { Logger } from '../log';
import type { TicketSender } from './sender';

/** How often the desk's sender looks for tickets journaled through its other proxies. */
const DISPATCH_EVERY_MS = 50;
const BATCH = 50;
const MAX_BACKOFF_MS = 2000;

/**
 * On a desk, the proxy that holds the sending lease sends every ticket: those posted to it, and
 * those the others journaled (they wait for the outcome in the journal), and, when it has just
 * taken over, what the last sender journaled and never sent. It finds them in the journal.
 */
export class Dispatcher {
  private timer: NodeJS.Timeout | undefined;
  private active = false;
  /** Looks that failed in a row (the database away). */
  private failures = 0;

  constructor(
    private readonly options: {
      journal: JournalStore;
      sender: Pick<TicketSender, 'resume'>;
      log: Logger;
      /** The account whose tickets it sends (a desk leases each account's sending on its own); unset: all. */
      account?: string;
      everyMs?: number;
    },
  ) {}

  start(): void {
    if (this.active) return;
    this.active = true;
    void this.tick();
  }

  stop(): void {
    this.active = false;
    clearTimeout(this.timer);
  }

  private async tick(): Promise<void> {
    if (!this.active) return;
    const { journal, sender, log } = this.options;
    try {
      for (const ticketId of await journal.pendingTickets(BATCH, this.options.account)) {
        if (!this.active) break;
        sender.resume(ticketId)?.catch((error: Error) => log.error({ ticket: ticketId, err: { message: error.message } }, 'a journaled ticket could not be sent'));
      }
      this.failures = 0;
    } catch (error) {
      // The database away: logged once until it answers again (the pool logs the outage itself).
      if (this.failures === 0) log.warn({ err: { message: (error as Error).message } }, 'looking for journaled tickets failed');
      this.failures += 1;
    }
    // Backing off while the database does not answer: doubling up to 2 s, not 20 attempts a second.
    const every = this.options.everyMs ?? DISPATCH_EVERY_MS;
    const wait = this.failures === 0 ? every : Math.min(every * 2 ** this.failures, MAX_BACKOFF_MS);
    if (this.active) this.timer = setTimeout(() => void this.tick(), wait);
  }
}
