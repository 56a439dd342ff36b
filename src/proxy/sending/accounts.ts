import type { TicketResult } from '../../interface';
import type { SubmitOutcome } from './limits';
import type { Lane } from './pacer';
import type { Ticket, TicketSender } from './sender';

/** A ticket for one of the proxy's accounts, by name. */
export type AccountTicket = Ticket & { account: string };

/**
 * The proxy's sending, one TicketSender per account: each signs with its own key and waits at its
 * own pacer (the service limits requests per key), and on a desk sends only while this proxy holds
 * that account's lease. What a route or a held order sends goes to its account's sender; the
 * journal's exactly-once (a key is one ticket, of one account) holds across them.
 */
export class AccountSenders {
  constructor(private readonly senders: ReadonlyMap<string, TicketSender>) {}

  /** The sender of an account; throws for a name the proxy does not sign for (routes check first, see accountOf). */
  of(account: string): TicketSender {
    const sender = this.senders.get(account);
    if (!sender) throw new Error(`no account "${account}" (accounts: ${this.names.join(', ')})`);
    return sender;
  }

  get names(): string[] {
    return [...this.senders.keys()];
  }

  submit(ticket: AccountTicket): Promise<SubmitOutcome> {
    return this.of(ticket.account).submit(ticket);
  }

  /** A fired held order's or TWAP slice's ticket, through its account's sender (see TicketSender.sendFired). */
  sendFired(
    account: string,
    ticketId: string,
    body: string,
    orders: number,
    lane?: Extract<Lane, 'held' | 'slice'>,
    withdrawn?: () => Promise<string | undefined>,
  ): Promise<TicketResult> {
    return this.of(account).sendFired(ticketId, body, orders, lane, withdrawn);
  }

  /** Whether this proxy sends for the account now (always alone; on a desk, while it holds its lease). */
  sendingFor(account: string): boolean {
    return this.senders.get(account)?.sending ?? false;
  }

  /** Whether this proxy sends for any account now. */
  get sending(): boolean {
    return [...this.senders.values()].some((sender) => sender.sending);
  }

  get accepting(): boolean {
    return [...this.senders.values()].every((sender) => sender.accepting);
  }

  /** Tickets being sent now, of every account. */
  get ticketsInFlight(): number {
    return [...this.senders.values()].reduce((sum, sender) => sum + sender.ticketsInFlight, 0);
  }

  /** Stops every account's sender at once (see TicketSender.stop). */
  async stop(graceMs: number): Promise<void> {
    await Promise.all([...this.senders.values()].map((sender) => sender.stop(graceMs)));
  }
}
