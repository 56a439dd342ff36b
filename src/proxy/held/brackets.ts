import { createHash } from 'node:crypto';
import { hasUnsafeText, reservedIdIssue, type BracketRequest, type HeldOrder, type TicketResult } from '@/interface';
import type { JournalStore } from '../journal';
import type { Logger } from '../log';
import type { AccountSenders } from '../sending/accounts';
import { bracketExits, bracketIssue, entryOrder, exitKey, exitNames } from './bracketExits';
import type { HeldOrders } from './holder';
import { refused, type HeldRefusal } from './outcomes';

export interface BracketsOptions {
  journal: JournalStore;
  sender: Pick<AccountSenders, 'submit'>;
  held: HeldOrders;
  log: Logger;
  /** MAX_HELD_ORDERS: the exits count against it as soon as they are written. */
  maxHeld: number;
  now?: () => number;
}

export type BracketOutcome =
  | { kind: 'done'; ticket: TicketResult; exits: HeldOrder[]; replayed: boolean }
  | { kind: 'busy'; status: 429 | 503; retryAfterSeconds: number; message: string }
  | HeldRefusal;

/** Why a bracket's exits were cancelled by their entry's answer, in words; undefined when they are armed. */
export function entryVerdict(ticket: TicketResult | undefined): { arm: true } | { arm: false; reason: string } | undefined {
  const entry = ticket?.rows[0];
  if (!entry || entry.status === 'unknown') return { arm: false, reason: 'entry unknown: check the order before arming exits' };
  if (entry.status === 'accepted') return { arm: true };
  if (entry.status === 'rejected') return { arm: false, reason: `entry rejected: ${entry.error_message ?? 'the service gave no reason'}` };
  if (entry.status === 'failed') return { arm: false, reason: `entry failed: ${entry.error_message ?? 'not placed'}` };
  return undefined;
}

/**
 * Brackets: an entry sent now as a ticket of one order, its take-profit and stop-loss written in
 * the same journal transaction as that ticket (state `awaiting_entry`), armed once the entry is
 * accepted and cancelled, with the reason, if it is rejected, fails or stays unknown.
 */
export class Brackets {
  private readonly now: () => number;

  constructor(private readonly options: BracketsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Sends the entry for `who.account` (its exits fire through the same account), placed by `who.placedBy`. */
  async send(request: BracketRequest, key: string, owner: string, who: { account: string; placedBy: string }): Promise<BracketOutcome> {
    const { journal, held, sender } = this.options;
    const bodyHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const entry = entryOrder(request, key);
    const known = (await Promise.all(exitNames.map((name) => journal.held.byIdempotencyKey(exitKey(key, name))))).filter(
      (exit) => exit !== undefined,
    );
    if (known.some((exit) => exit.bodyHash !== bodyHash) || (known.length === 0 && (await journal.findTicket(key)))) {
      return refused('duplicate', `idempotency key ${key} was already used for a different ticket or bracket; nothing was sent`);
    }
    const problem = known.length > 0 ? undefined : await this.problem(request, who.account);
    if (problem) return refused('invalidParameter', `${problem}; nothing was sent`);
    const exits = known.length > 0 ? [] : bracketExits(request, key, bodyHash);
    const link = { ticketId: key, clientOrderId: entry.client_order_id! };
    const outcome = await sender.submit({
      id: key,
      orders: [entry],
      owner,
      ...who,
      extras: { bracketExits: { entry: link, exits, now: this.now() } },
    });
    if (outcome.kind === 'conflict') return refused('duplicate', outcome.message);
    if (outcome.kind === 'refused') return refused('unknown', outcome.message, outcome.status);
    if (outcome.kind === 'busy') return outcome;
    // Read back by their keys: a replay (even of a twin sent at the same time) finds the first one's exits.
    const found = await Promise.all(exitNames.map((name) => journal.held.byIdempotencyKey(exitKey(key, name))));
    const ids = found.flatMap((exit) => exit?.id ?? []);
    if (!outcome.replayed) this.options.log.info({ ticket: key, exits: ids }, 'bracket entry sent, its exits held');
    await this.settle(outcome.result, ids);
    const exitsNow = await Promise.all(ids.map((id) => held.get(id)));
    return { kind: 'done', ticket: outcome.result, exits: exitsNow.flatMap((exit) => exit ?? []), replayed: outcome.replayed };
  }

  /** The first field that refuses the bracket before anything is written, as `field: why`. */
  private async problem(request: BracketRequest, account: string): Promise<string | undefined> {
    const { journal, held, maxHeld } = this.options;
    const reserved = reservedIdIssue('entry.client_order_id', request.entry.client_order_id);
    if (reserved) return reserved;
    if (request.entry.order_tag !== undefined && hasUnsafeText(request.entry.order_tag)) {
      return 'entry.order_tag: control and bidirectional characters are not allowed';
    }
    if (request.client_ref !== undefined && hasUnsafeText(request.client_ref)) {
      return 'client_ref: control and bidirectional characters are not allowed';
    }
    const count = exitNames.filter((name) => request[name] !== undefined).length;
    if ((await journal.held.countLive(account)) + count > maxHeld) {
      return `${exitNames.find((name) => request[name])!}: at most ${maxHeld} held orders of account ${account} may be armed or paused (MAX_HELD_ORDERS)`;
    }
    return bracketIssue(request, await held.freshMark(request.entry.symbol));
  }

  /**
   * The entry's answer settles its exits still awaiting it (a trader's cancel in between stands):
   * armed into the book when accepted, cancelled with the reason otherwise; on disk before the answer.
   */
  private async settle(ticket: TicketResult | undefined, ids: readonly string[]): Promise<void> {
    const verdict = entryVerdict(ticket);
    if (!verdict) return;
    const { journal, held, log } = this.options;
    if (verdict.arm) {
      for (const id of await journal.brackets.arm(ids, this.now())) {
        const exit = await journal.held.get(id);
        if (exit) held.track(exit);
      }
    } else {
      const cancelled = await journal.brackets.cancel(ids, verdict.reason, this.now());
      if (cancelled.length > 0) log.info({ ticket: ticket?.ticket_id, exits: cancelled, reason: verdict.reason }, 'bracket exits cancelled');
    }
    await journal.durable();
  }

  /**
   * At start, after the journal's recovery: exits still awaiting their entry are settled by its
   * status there (an entry in flight at the crash is unknown by now: its exits are cancelled).
   */
  async recover(): Promise<number> {
    const byEntry = new Map<string, string[]>();
    for (const exit of await this.options.journal.brackets.awaiting()) {
      byEntry.set(exit.entry_ticket_id, [...(byEntry.get(exit.entry_ticket_id) ?? []), exit.id]);
    }
    for (const [ticketId, ids] of byEntry) await this.settle(await this.options.journal.ticketResult(ticketId), ids);
    return byEntry.size;
  }
}
