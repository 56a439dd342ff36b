import { authHeaders, errorCodes, type TicketResult } from '../../interface';
import type { JournalStore, RequestRecord, RequestState, SendFence } from '../journal';
import { DatabaseUnavailableError } from '../postgres';
import type { Logger } from '../log';
import type { ServiceClient } from '../upstream/serviceClient';
import type { ServiceClock } from '../upstream/clock';
import { earlierProblem } from './handOver';
import { judgeAnswer, type RequestVerdict } from './judgeAnswer';
import { LeaseLostError } from './lease';
import type { Lane, Pacer } from './pacer';
import type { Signer } from './signer';

export const BATCH_PATH = '/v1/batch-order';
const MAX_RATE_LIMIT_RETRIES = 3;
export const STOPPED_MESSAGE = 'not sent: the proxy stopped';

/**
 * A request as journaled, how many orders its body holds (the rows its answer must have), and,
 * when a ticket is resumed by the proxy that took the sending over, where it had got to.
 */
export type OutgoingRequest = RequestRecord & { orders: number; state?: RequestState['state'] };

/** What sending a ticket's requests needs of the sender. */
/** What sends a request: the journal, the service, its clock, the key, the pacer. */
export interface SendingParts {
  journal: JournalStore;
  client: ServiceClient;
  clock: ServiceClock;
  signer: Signer;
  accountId: string;
  pacer: Pacer;
  log: Logger;
}

export interface RequestContext {
  options: SendingParts;
  /** The ticket's write-ahead flush, when it was just written: awaited before anything of it leaves. */
  durable?: Promise<void>;
  isStopping(): boolean;
  /**
   * On a desk, what a stopping proxy has not sent stays journaled, pending, for the next sender
   * (it takes the lease released at the stop); alone, it fails "not sent: the proxy stopped".
   */
  handsOverOnStop: boolean;
  /** A desk's lease of this account: the journal marks a request sent only while it holds. */
  fence?: SendFence;
  /** Whether this proxy sends now (see SendGate). */
  sending(): boolean;
  laneOf(ticketId: string): Lane;
  /** Why a fired ticket must not leave after all, asked at its pacer turn. */
  withdrawn(ticketId: string): Promise<string | undefined> | undefined;
  /** Why a ticket that waited at the pacer must not leave now: the kill switch, turned on meanwhile. */
  halted?(ticketId: string): Promise<string | undefined> | undefined;
  handedOver(ticketId: string): Promise<TicketResult>;
  resultOf(ticketId: string): Promise<TicketResult>;
}

/** `requests`: the bodies exactly as journaled, in order. */
export async function sendRequests(
ctx: RequestContext,
ticketId: string,
requests: OutgoingRequest[],
recvWindow: number | undefined,
): Promise<TicketResult> {
  const { journal, log } = ctx.options;
  // Why the requests left of the ticket are not sent, once one is not.
  let skip: { reason: 'stopped' | 'not-sent'; message: string } | undefined;
  // The ticket's result as its last request's answer left it (the reply); any later write makes it stale.
  let answered: TicketResult | undefined;
  const last = requests.at(-1);
  for (const request of requests) {
    answered = undefined;
    if (request.state !== undefined && request.state !== 'pending') {
      // Resumed: this one went before the take-over; one that did not go through stops the rest.
      if (request.state !== 'answered' && !skip) skip = { reason: 'not-sent', message: `not sent: ${earlierProblem(request)}` };
      continue;
    }
    if (ctx.isStopping() && !skip) {
      if (ctx.handsOverOnStop) return ctx.resultOf(ticketId);
      skip = { reason: 'stopped', message: STOPPED_MESSAGE };
    }
    if (!skip && !ctx.sending()) return ctx.handedOver(ticketId);
    if (skip) {
      await journal.recordRequestOutcome(
        ticketId,
        request.requestNo,
        'failed',
        { reason: skip.reason, httpStatus: null, code: null, message: skip.message },
        Date.now(),
      );
      continue;
    }
    let verdict: RequestVerdict | undefined;
    while (!verdict) {
      try {
        verdict = await sendRequest(ctx, ticketId, request, recvWindow);
      } catch (error) {
        if (error instanceof LeaseLostError) {
          // Fenced: nothing of this request left; the proxy that holds the lease now sends the rest.
          log.warn({ ticket: ticketId, request: request.requestNo }, 'the sending lease was lost: the ticket goes to the proxy that holds it');
          // Stopping: answered as it stands (the next sender sends the rest); else its outcome is awaited.
          return ctx.isStopping() ? ctx.resultOf(ticketId) : ctx.handedOver(ticketId);
        }
        // The database away before the request could be marked sent: it did not leave. Tried again
        // once the database answers; past the lease, the next sender sends it.
        if (!(error instanceof DatabaseUnavailableError) || ctx.isStopping()) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    if (verdict.kind === 'answered') {
      answered = await afterSending(ticketId, request.requestNo, journal.recordAnswer(ticketId, request.requestNo, verdict.httpStatus, verdict.outcomes, Date.now(), request === last));
      const accepted = verdict.outcomes.filter((outcome) => outcome.status === 'accepted').length;
      log.info({ ticket: ticketId, request: request.requestNo, accepted, rejected: verdict.outcomes.length - accepted }, 'request answered');
    } else {
      const outcome = verdict.kind === 'rate-limited' ? 'failed' : verdict.kind;
      const detail =
        verdict.kind === 'rate-limited'
          ? {
              reason: 'rate-limited' as const,
              httpStatus: 429,
              code: errorCodes.rateLimited.code,
              message: `rate limited by the service: ${verdict.message}`,
            }
          : { reason: verdict.reason, httpStatus: verdict.httpStatus, code: verdict.code, message: verdict.message };
      await afterSending(ticketId, request.requestNo, journal.recordRequestOutcome(ticketId, request.requestNo, outcome, detail, Date.now()));
      log.warn({ ticket: ticketId, request: request.requestNo, outcome, reason: detail.message }, 'request did not go through');
      skip = ctx.isStopping() && !ctx.handsOverOnStop
        ? { reason: 'stopped', message: STOPPED_MESSAGE }
        : verdict.kind === 'failed' && verdict.reason === 'not-sent'
          ? { reason: 'not-sent', message: verdict.message }
          : {
            reason: 'not-sent',
            message: `not sent: request ${request.requestNo} of this ticket ${outcome === 'failed' ? 'failed' : 'has an unknown outcome'}`,
          };
    }
  }
  return answered ?? ctx.resultOf(ticketId);
}

/**
 * A request's outcome written after it left: if the journal is away then, the trader's answer
 * must not read as "nothing happened". The orders may be placed; the journal shows them sent (and
 * unknown after the next take-over or restart).
 */
async function afterSending<T>(ticketId: string, requestNo: number, writing: Promise<T>): Promise<T> {
  try {
    return await writing;
  } catch (error) {
    if (!(error instanceof DatabaseUnavailableError)) throw error;
    throw new DatabaseUnavailableError(
      `${error.reason}; request ${requestNo} of ticket ${ticketId} had been sent, so its orders may have been placed: check open orders at the service before sending them again`,
    );
  }
}

/** Why nothing may leave: the ticket's write-ahead flush failed (a full or failing disk). */
async function notDurable(ctx: RequestContext, ticketId: string): Promise<RequestVerdict | undefined> {
  const failure = await ctx.durable?.then(() => undefined, (error: Error) => error);
  if (!failure) return undefined;
  const message = `not sent: the journal could not be written to disk (${failure.message})`;
  ctx.options.log.error({ ticket: ticketId, reason: message }, 'ticket not sent');
  return { kind: 'failed', reason: 'not-sent', httpStatus: null, code: null, message };
}

/** Signs and sends one request through the pacer, retrying only what the service refused unseen (429). */
async function sendRequest(ctx: RequestContext, ticketId: string, request: OutgoingRequest, recvWindow: number | undefined): Promise<RequestVerdict> {
  const { client, clock, signer, accountId, pacer, journal } = ctx.options;
  const { requestNo, body, orders: count } = request;
  let refused: RequestVerdict | undefined;
  for (let attempt = 0; ; attempt++) {
    const verdict = await pacer.run<RequestVerdict>(async () => {
      // A retry after a 429 whose turn came after a stop or the lease's loss: the request stays
      // what the service made it, refused unseen (known not placed), not handed over as sent.
      if (refused && (ctx.isStopping() || !ctx.sending())) return refused;
      // Queued before the stop (or its TWAP's cancel), its turn came after it: it never leaves.
      if (ctx.isStopping()) {
        if (ctx.handsOverOnStop) throw new LeaseLostError(accountId);
        return { kind: 'failed', reason: 'stopped', httpStatus: null, code: null, message: STOPPED_MESSAGE };
      }
      const halted = await ctx.halted?.(ticketId);
      const withdrawn = (await ctx.withdrawn(ticketId)) ?? (halted === undefined ? undefined : `not sent: ${halted}`);
      if (withdrawn) return { kind: 'failed', reason: 'not-sent', httpStatus: null, code: null, message: withdrawn };
      // A desk's sender that lost its lease (a pause, a cut) sends nothing more: checked afresh here.
      if (!ctx.sending()) throw new LeaseLostError(accountId);
      if (!clock.isFresh()) await client.get('/v1/public/futures');
      const timestamp = clock.now();
      const headers: Record<string, string> = {
        [authHeaders.accountId]: accountId,
        [authHeaders.key]: signer.key,
        [authHeaders.timestamp]: String(timestamp),
        [authHeaders.signature]: signer.sign({ timestamp, method: 'POST', path: BATCH_PATH, body }),
      };
      if (recvWindow !== undefined) headers[authHeaders.recvWindow] = String(recvWindow);
      await journal.markSent(ticketId, requestNo, timestamp, Date.now(), attempt > 0, ctx.fence);
      const unwritten = await notDurable(ctx, ticketId);
      if (unwritten) return unwritten;
      // Stopped while the flush was running (a stalled disk): it does not leave after the stop.
      if (ctx.isStopping() && !ctx.handsOverOnStop) return { kind: 'failed', reason: 'stopped', httpStatus: null, code: null, message: STOPPED_MESSAGE };
      // Asked again as it leaves: a TWAP cancelled while this slice was marked and flushed was
      // answered "cancelled"; nothing but this read lies between the answer's commit and the POST.
      const withdrawnSince = await ctx.withdrawn(ticketId);
      if (withdrawnSince) return { kind: 'failed', reason: 'not-sent', httpStatus: null, code: null, message: withdrawnSince };
      return judgeAnswer(await client.post(BATCH_PATH, body, headers), count);
    }, ctx.laneOf(ticketId));
    if (verdict.kind !== 'rate-limited' || attempt >= MAX_RATE_LIMIT_RETRIES || ctx.isStopping()) return verdict;
    refused = verdict;
    await new Promise((resolve) => setTimeout(resolve, verdict.retryAfterMs));
  }
}
