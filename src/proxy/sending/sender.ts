import { authHeaders, errorCodes, type OrderRequest, type TicketResult } from '../../interface';
import { hashTicketJson } from './hashing';
import { judgeAnswer, type RequestVerdict } from './judgeAnswer';
import { splitIntoRequests } from './splitting';
import { refusal, type SendLimits, type SubmitOutcome } from './limits';
import { JournalFullError, type Journal, type RequestRecord } from '../journal';
import type { Logger } from '../log';
import type { Lane, Pacer } from './pacer';
import type { ServiceClient } from '../upstream/serviceClient';
import type { ServiceClock } from '../upstream/clock';
import type { Signer } from './signer';


export const BATCH_PATH = '/v1/batch-order';
const MAX_RATE_LIMIT_RETRIES = 3;
export const STOPPED_MESSAGE = 'not sent: the proxy stopped';

export interface Ticket {
  id: string;
  orders: OrderRequest[];
  recvWindow?: number;
  /** Who sent it (a session's key): tickets in flight are counted per owner. */
  owner: string;
  /** Written in the ticket's own journal transaction (a bracket's exits), only if it is journaled. */
  alongside?: () => void;
}

/** A request as journaled, and how many orders its body holds (the rows its answer must have). */
type OutgoingRequest = RequestRecord & { orders: number };
type FiredLane = Extract<Lane, 'held' | 'slice'>;

export interface TicketSenderOptions {
  journal: Journal;
  client: ServiceClient;
  clock: ServiceClock;
  signer: Signer;
  accountId: string;
  pacer: Pacer;
  log: Logger;
  limits: SendLimits;
}

/**
 * Sends tickets exactly once: journal first, then each request in order through the pacer, each
 * step recorded. A repeated idempotency key gets the first submission's result and sends nothing.
 */
export class TicketSender {
  private readonly inFlight = new Map<string, Promise<TicketResult>>();
  private readonly perOwner = new Map<string, number>();
  /** Tickets of fired held orders (ahead of queued tickets at the pacer) and of TWAP slices (behind them). */
  private readonly lanes = new Map<string, FiredLane>();
  /** Asked at a fired ticket's pacer turn: why it must not leave after all (a TWAP cancelled or paused meanwhile). */
  private readonly withdrawals = new Map<string, () => string | undefined>();
  private stopping = false;

  constructor(private readonly options: TicketSenderOptions) {}

  async submit(ticket: Ticket): Promise<SubmitOutcome> {
    const { journal } = this.options;
    // Each order's JSON, made once: hashed here, journaled and sent as the request bodies below.
    const orderJson = ticket.orders.map((order) => JSON.stringify(order));
    const bodyHash = hashTicketJson(orderJson, ticket.recvWindow);
    const existing = journal.findTicket(ticket.id);
    if (existing) {
      if (existing.bodyHash !== bodyHash) {
        return {
          kind: 'conflict',
          message: `idempotency key ${ticket.id} was already used for a different ticket; nothing was sent`,
        };
      }
      const running = this.inFlight.get(ticket.id);
      const result = running ? await running : journal.ticketResult(ticket.id);
      if (!result) throw new Error(`ticket ${ticket.id} vanished from the journal`);
      return { kind: 'done', result, replayed: true };
    }

    const busy = this.admission(ticket.owner);
    if (busy) return busy;
    const taken = this.takenClientOrderId(ticket.orders);
    if (taken) return { kind: 'conflict', message: `${taken}; nothing was sent` };

    const jsonOfRequests = splitIntoRequests(orderJson);
    const requests = splitIntoRequests(ticket.orders).map((orders, index) => {
      const json = jsonOfRequests[index]!;
      return { orders, orderJson: json, body: `{"orders":[${json.join(',')}]}` };
    });
    try {
      journal.createTicket({ id: ticket.id, bodyHash, recvWindow: ticket.recvWindow, requests, now: Date.now() }, ticket.alongside);
    } catch (error) {
      if (error instanceof JournalFullError) return { kind: 'refused', status: 507, message: error.message };
      throw error;
    }
    this.options.log.info(
      { ticket: ticket.id, orders: ticket.orders.length, requests: requests.length },
      'ticket journaled',
    );
    const bodies = requests.map((request, index) => ({ requestNo: index + 1, body: request.body, orders: request.orders.length }));
    this.perOwner.set(ticket.owner, (this.perOwner.get(ticket.owner) ?? 0) + 1);
    const running = this.sendWhenDurable(ticket.id, bodies, ticket.recvWindow).finally(() => {
      this.inFlight.delete(ticket.id);
      const left = (this.perOwner.get(ticket.owner) ?? 1) - 1;
      if (left > 0) this.perOwner.set(ticket.owner, left);
      else this.perOwner.delete(ticket.owner);
    });
    this.inFlight.set(ticket.id, running);
    return { kind: 'done', result: await running, replayed: false };
  }

  /**
   * Sends the ticket a held order wrote when it fired (already journaled, in the same transaction
   * as the firing): after the disk, through the same pacer as every ticket (ahead of the tickets
   * waiting there; a TWAP slice, `lane` "slice", behind them), never twice. `withdrawn`, asked at
   * its turn, names why it must not leave after all: its order then fails, not sent.
   */
  sendFired(ticketId: string, body: string, orders: number, lane: FiredLane = 'held', withdrawn?: () => string | undefined): Promise<TicketResult> {
    this.lanes.set(ticketId, lane);
    if (withdrawn) this.withdrawals.set(ticketId, withdrawn);
    const running = this.sendWhenDurable(ticketId, [{ requestNo: 1, body, orders }], undefined).finally(() => {
      this.inFlight.delete(ticketId);
      this.lanes.delete(ticketId);
      this.withdrawals.delete(ticketId);
    });
    this.inFlight.set(ticketId, running);
    return running;
  }

  /** False once stopping: an order handed over now would only fail as not sent. */
  get accepting(): boolean {
    return !this.stopping;
  }

  /** Tickets being sent now. */
  get ticketsInFlight(): number {
    return this.inFlight.size;
  }

  /**
   * Each ticket in flight has at most one request queued at the pacer (its requests go one after
   * another), so a new ticket's first request waits about one spacing per ticket ahead of it
   * (TWAP slices wait behind it).
   */
  get queueDelayMs(): number {
    const slices = [...this.lanes.values()].filter((lane) => lane === 'slice').length;
    return (this.inFlight.size - slices) * this.options.pacer.spacingMs;
  }

  /** Why a new ticket of `owner` is not taken now, if it is not. */
  private admission(owner: string): SubmitOutcome | undefined {
    return refusal({
      stopping: this.stopping,
      ownerInFlight: this.perOwner.get(owner) ?? 0,
      queueDelayMs: this.queueDelayMs,
      limits: this.options.limits,
    });
  }

  /**
   * Stops taking tickets; a request already at the service finishes (its own timeout bounds it),
   * and every order not yet sent fails with "not sent: the proxy stopped", so the trader sees it
   * and can retry. Resolves when every ticket has settled, or after `graceMs`.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    if (this.inFlight.size === 0) return;
    this.options.log.warn({ tickets: this.inFlight.size }, 'stopping: orders not yet sent will be marked failed');
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.inFlight.values()]), grace]);
    clearTimeout(timer);
  }

  /**
   * The first client order id of a new ticket that the service would refuse as reused: twice in
   * the ticket, or held by an order of the journal that is or may be live. The terminal checks the
   * orders it has in view; this is the whole journal.
   */
  private takenClientOrderId(orders: readonly OrderRequest[]): string | undefined {
    const seen = new Set<string>();
    for (const [index, order] of orders.entries()) {
      const id = order.client_order_id;
      if (!id) continue;
      if (seen.has(id)) return `orders[${index}].client_order_id ${id} appears twice in the ticket`;
      seen.add(id);
      const holder = this.options.journal.clientOrderIdHolder(id);
      if (holder !== undefined) return `orders[${index}].client_order_id ${id} is already used by an order of ticket ${holder}`;
    }
    return undefined;
  }

  /** Write-ahead: nothing leaves before the ticket is on disk. */
  private async sendWhenDurable(
    ticketId: string,
    requests: OutgoingRequest[],
    recvWindow: number | undefined,
  ): Promise<TicketResult> {
    const { journal, log } = this.options;
    try {
      await journal.durable();
    } catch (error) {
      const message = `not sent: the journal could not be written to disk (${(error as Error).message})`;
      log.error({ ticket: ticketId, reason: message }, 'ticket not sent');
      for (const request of requests) {
        journal.recordRequestOutcome(
          ticketId,
          request.requestNo,
          'failed',
          { reason: 'not-sent', httpStatus: null, code: null, message },
          Date.now(),
        );
      }
      return this.resultOf(ticketId);
    }
    const result = await this.send(ticketId, requests, recvWindow);
    // Answers need not wait for the disk: lost to a power cut, they would read as unknown, never
    // as placed twice. They are flushed soon all the same, with the next ticket's flush if one comes.
    journal.flushSoon();
    return result;
  }

  private resultOf(ticketId: string): TicketResult {
    const result = this.options.journal.ticketResult(ticketId);
    if (!result) throw new Error(`ticket ${ticketId} vanished from the journal`);
    return result;
  }

  /** `requests`: the bodies exactly as journaled, in order. */
  private async send(ticketId: string, requests: OutgoingRequest[], recvWindow: number | undefined): Promise<TicketResult> {
    const { journal, log } = this.options;
    // Why the requests left of the ticket are not sent, once one is not.
    let skip: { reason: 'stopped' | 'not-sent'; message: string } | undefined;
    for (const request of requests) {
      if (this.stopping && !skip) skip = { reason: 'stopped', message: STOPPED_MESSAGE };
      if (skip) {
        journal.recordRequestOutcome(
          ticketId,
          request.requestNo,
          'failed',
          { reason: skip.reason, httpStatus: null, code: null, message: skip.message },
          Date.now(),
        );
        continue;
      }
      const verdict = await this.sendRequest(ticketId, request, recvWindow);
      if (verdict.kind === 'answered') {
        journal.recordAnswer(ticketId, request.requestNo, verdict.httpStatus, verdict.outcomes, Date.now());
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
        journal.recordRequestOutcome(ticketId, request.requestNo, outcome, detail, Date.now());
        log.warn({ ticket: ticketId, request: request.requestNo, outcome, reason: detail.message }, 'request did not go through');
        skip = this.stopping
          ? { reason: 'stopped', message: STOPPED_MESSAGE }
          : {
              reason: 'not-sent',
              message: `not sent: request ${request.requestNo} of this ticket ${outcome === 'failed' ? 'failed' : 'has an unknown outcome'}`,
            };
      }
    }
    return this.resultOf(ticketId);
  }

  /** Signs and sends one request through the pacer, retrying only what the service refused unseen (429). */
  private async sendRequest(ticketId: string, request: OutgoingRequest, recvWindow: number | undefined): Promise<RequestVerdict> {
    const { client, clock, signer, accountId, pacer, journal } = this.options;
    const { requestNo, body, orders: count } = request;
    for (let attempt = 0; ; attempt++) {
      const verdict = await pacer.run<RequestVerdict>(async () => {
        // Queued before the stop (or its TWAP's cancel), its turn came after it: it never leaves.
        if (this.stopping) return { kind: 'failed', reason: 'stopped', httpStatus: null, code: null, message: STOPPED_MESSAGE };
        const withdrawn = this.withdrawals.get(ticketId)?.();
        if (withdrawn) return { kind: 'failed', reason: 'not-sent', httpStatus: null, code: null, message: withdrawn };
        if (!clock.isFresh()) await client.get('/v1/public/futures');
        const timestamp = clock.now();
        const headers: Record<string, string> = {
          [authHeaders.accountId]: accountId,
          [authHeaders.key]: signer.key,
          [authHeaders.timestamp]: String(timestamp),
          [authHeaders.signature]: signer.sign({ timestamp, method: 'POST', path: BATCH_PATH, body }),
        };
        if (recvWindow !== undefined) headers[authHeaders.recvWindow] = String(recvWindow);
        journal.markSent(ticketId, requestNo, timestamp, Date.now());
        return judgeAnswer(await client.post(BATCH_PATH, body, headers), count);
      }, this.lanes.get(ticketId) ?? 'ticket');
      if (verdict.kind !== 'rate-limited' || attempt >= MAX_RATE_LIMIT_RETRIES || this.stopping) return verdict;
      await new Promise((resolve) => setTimeout(resolve, verdict.retryAfterMs));
    }
  }
}
