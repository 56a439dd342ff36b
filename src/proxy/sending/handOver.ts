import type { TicketResult } from '@/interface';
import type { JournalStore, RequestState } from '../journal';
import { DatabaseUnavailableError } from '../postgres';
import type { Lane } from './pacer';

/**
 * How long a proxy that does not send (a desk's other proxy) waits for the sender to settle a
 * ticket it journaled, before answering with the ticket as it stands ("sending": the terminal
 * then follows it by its key, as after a lost answer).
 */
export const HAND_OVER_WAIT_MS = 30_000;
const POLL_MS = 25;

/**
 * The ticket's result once none of its orders is pending or sent, or as it stands at the deadline.
 * The ticket is journaled: an outage of the database meanwhile is waited out (the sender sends it
 * once the database is back), never answered as if nothing had happened. Still away at the
 * deadline, the answer says the ticket stands and must be followed by its key, not sent again.
 */
export async function awaitSettled(journal: JournalStore, ticketId: string, waitMs: number): Promise<TicketResult> {
  const deadline = performance.now() + waitMs;
  for (let every = POLL_MS; ; every = Math.min(every * 2, 250)) {
    let result: TicketResult | undefined;
    let unavailable = false;
    try {
      result = await journal.ticketResult(ticketId);
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError)) throw error;
      unavailable = true;
      if (performance.now() >= deadline) {
        throw new DatabaseUnavailableError(
          `${error.reason}; ticket ${ticketId} was journaled before and will be sent once the database is back: follow it by its key, do not send it again`,
        );
      }
    }
    if (!unavailable && !result) throw new Error(`ticket ${ticketId} vanished from the journal`);
    if (result && (result.status !== 'sending' || performance.now() >= deadline)) return result;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/**
 * The pacer's lane of a ticket found in the journal: a held order's firing goes ahead of the
 * trader's tickets, a TWAP's slice (`held-…-s<n>`) behind them, as when they were first handed over.
 */
export function laneOfTicket(ticketId: string): Extract<Lane, 'held' | 'slice' | 'ticket'> {
  if (!ticketId.startsWith('held-')) return 'ticket';
  return /-s\d+$/.test(ticketId) ? 'slice' : 'held';
}

/** Why a resumed ticket's later requests are not sent: an earlier one did not go through. */
export function earlierProblem(request: { requestNo: number; state?: RequestState['state'] }): string {
  return `request ${request.requestNo} of this ticket ${request.state === 'failed' ? 'failed' : 'has an unknown outcome'}`;
}
