import type { OrderRequest, TicketResult } from '../../interface';
import { JournalFullError, type CreateTicketOutcome, type SendFence, type TicketExtras } from '../journal';
import { awaitSettled, HAND_OVER_WAIT_MS, laneOfTicket } from './handOver';
import { hashTicketJson } from './hashing';
import { ALWAYS, refusal, type SendGate, type SendLimits, type SubmitOutcome } from './limits';
import type { Lane } from './pacer';
import { sendRequests, type OutgoingRequest, type RequestContext, type SendingParts } from './requests';
import { clientOrderIdTwice, splitIntoRequests } from './splitting';

export interface Ticket {
  id: string;
  orders: OrderRequest[];
  recvWindow?: number;
  /** Who sent it (a session's key): tickets in flight are counted per owner. */
  owner: string;
  /** Written in the ticket's own journal transaction (a bracket's exits), only if it is journaled. */
  extras?: TicketExtras;
  /** Who placed it ("terminal" in single-token mode) and who approved it (four-eyes), journaled with it. */
  placedBy: string;
  approvedBy?: string;
  /** Told once the ticket is journaled (not on a replay), before anything of it is sent. */
  onJournaled?(): void;
}

type FiredLane = Extract<Lane, 'held' | 'slice'>;

export interface TicketSenderOptions extends SendingParts {
  /** The account this sender signs for, by name: its tickets are journaled under it. */
  account: string;
  limits: SendLimits;
  /** Tickets in flight per owner, shared by the senders of every account (MAX_TICKETS_IN_FLIGHT is per session). */
  perOwner?: Map<string, number>;
  /** How long a ticket sent by another proxy of the desk is waited for before answering "sending". */
  handOverWaitMs?: number;
  /** Whether this proxy sends now: always when it is alone; on a desk, while it holds the lease. */
  gate?: SendGate;
  /** The kill switch of this account and of the ticket's placer (null: unknown) now: why nothing may leave. */
  halted?: (placedBy: string | null) => Promise<string | undefined>;
}

/** A ticket judged at the door this long ago or more is judged against the kill switch again at its pacer turn. */
const RECHECK_AFTER_MS = 50;


/**
 * Sends tickets exactly once: journal first, then each request in order through the pacer, each
 * step recorded. A repeated idempotency key gets the first submission's result and sends nothing.
 */
export class TicketSender {
  private readonly inFlight = new Map<string, Promise<TicketResult>>();
  private readonly perOwner: Map<string, number>;
  /** Tickets of fired held orders (ahead of queued tickets at the pacer) and of TWAP slices (behind them). */
  private readonly lanes = new Map<string, FiredLane>();
  /** Asked at a fired ticket's pacer turn: why it must not leave after all (a TWAP cancelled or paused meanwhile). */
  private readonly withdrawals = new Map<string, () => Promise<string | undefined>>();
  /** Tickets sent from here, since when and placed by whom: one that waited meets the kill switch again. */
  private readonly queued = new Map<string, { since: number; placedBy: string | null }>();
  private stopping = false;
  /** Tickets being written to the journal now, by key. */
  private readonly writing = new Map<string, Promise<CreateTicketOutcome>>();
  /** Tickets of this proxy waiting for the desk's sender to send them (this proxy lost or never had the lease). */
  private readonly waitingForSender = new Set<string>();
  private gate: SendGate;
  /** The database's side of the gate (a desk's lease): a request is marked sent only while it holds. */
  private fence: SendFence | undefined;

  constructor(private readonly options: TicketSenderOptions) {
    this.gate = options.gate ?? ALWAYS;
    this.perOwner = options.perOwner ?? new Map();
  }

  /**
   * Sends what a ticket of the journal has left (the proxy that took the sending over finds it
   * there): requests never sent, in order, unless an earlier one failed or has an unknown outcome.
   * Undefined when the ticket is being sent here already.
   */
  resume(ticketId: string): Promise<TicketResult> | undefined {
    // Being written or sent here already (a ticket posted to this proxy is its own from the start),
    // unless it was handed over when this proxy lost the lease, and this proxy holds it again.
    if (this.stopping) return undefined;
    const handedOver = this.waitingForSender.delete(ticketId);
    if ((this.inFlight.has(ticketId) && !handedOver) || this.writing.has(ticketId)) return undefined;
    const lane = laneOfTicket(ticketId);
    if (lane !== 'ticket') this.lanes.set(ticketId, lane);
    // Journaled a while ago (another proxy's, or before a take-over): always judged again at its turn.
    this.queued.set(ticketId, { since: 0, placedBy: null });
    const running = (async () => {
      const [ticket, states] = await Promise.all([this.options.journal.findTicket(ticketId), this.options.journal.requestStates(ticketId)]);
      const requests = states.map((state) => ({ requestNo: state.requestNo, body: state.body, orders: state.orders, state: state.state }));
      return sendRequests(this.context(), ticketId, requests, ticket?.recvWindow ?? undefined);
    })().finally(() => {
      this.inFlight.delete(ticketId);
      this.lanes.delete(ticketId);
      this.queued.delete(ticketId);
    });
    this.inFlight.set(ticketId, running);
    return running;
  }

  /** The ticket's outcome as the proxy that sends records it (see awaitSettled). */
  private async handedOver(ticketId: string): Promise<TicketResult> {
    this.waitingForSender.add(ticketId);
    try {
      return await awaitSettled(this.options.journal, ticketId, this.options.handOverWaitMs ?? HAND_OVER_WAIT_MS);
    } finally {
      this.waitingForSender.delete(ticketId);
    }
  }

  async submit(ticket: Ticket): Promise<SubmitOutcome> {
    // A second submission of a key this proxy is still writing waits for the first, then replays it.
    const writing = this.writing.get(ticket.id);
    if (writing) await writing.catch(() => undefined);
    const { journal } = this.options;
    // Each order's JSON, made once: hashed here, journaled and sent as the request bodies below.
    const orderJson = ticket.orders.map((order) => JSON.stringify(order));
    const bodyHash = hashTicketJson(orderJson, ticket.recvWindow);
    // A key journaled already is replayed: looked up first only if it would be refused for now; else
    // writing it finds it (`exists`), and a new ticket costs no lookup (on PostgreSQL a round trip).
    const busy = this.admission(ticket.owner);
    if (busy) {
      const existing = await journal.findTicket(ticket.id);
      return existing ? this.replay(ticket.id, existing.bodyHash, bodyHash, existing.account) : busy;
    }
    const twice = clientOrderIdTwice(ticket.orders);
    if (twice) return { kind: 'conflict', message: `${twice}; nothing was sent` };

    const jsonOfRequests = splitIntoRequests(orderJson);
    const requests = splitIntoRequests(ticket.orders).map((orders, index) => {
      const json = jsonOfRequests[index]!;
      return { orders, orderJson: json, body: `{"orders":[${json.join(',')}]}` };
    });
    const { account } = this.options;
    const written = journal.createTicket({ id: ticket.id, bodyHash, recvWindow: ticket.recvWindow, requests, now: Date.now(), account, placedBy: ticket.placedBy, approvedBy: ticket.approvedBy }, ticket.extras);
    this.writing.set(ticket.id, written);
    let outcome: CreateTicketOutcome;
    try {
      outcome = await written;
    } catch (error) {
      if (!(error instanceof JournalFullError)) throw error;
      const existing = await journal.findTicket(ticket.id);
      return existing ? this.replay(ticket.id, existing.bodyHash, bodyHash, existing.account) : { kind: 'refused', status: 507, message: error.message }; // a replay is not refused
    } finally {
      this.writing.delete(ticket.id);
    }
    // Another proxy (or this one, a moment ago) wrote the key or holds the client order id first.
    if (outcome.kind === 'exists') return this.replay(ticket.id, outcome.bodyHash, bodyHash, (await journal.findTicket(ticket.id))?.account);
    if (outcome.kind === 'client-order-id-taken') {
      return {
        kind: 'conflict',
        message: `orders[${outcome.index}].client_order_id ${outcome.clientOrderId} is already used by an order of ticket ${outcome.ticketId}; nothing was sent`,
      };
    }
    this.options.log.info({ ticket: ticket.id, account, orders: ticket.orders.length, requests: requests.length }, 'ticket journaled');
    ticket.onJournaled?.();
    // Another proxy of the desk sends: it finds the ticket in the journal; its outcome is read back.
    if (!this.gate.sending) return { kind: 'done', result: await this.handedOver(ticket.id), replayed: false };
    const bodies = requests.map((request, index) => ({ requestNo: index + 1, body: request.body, orders: request.orders.length }));
    this.perOwner.set(ticket.owner, (this.perOwner.get(ticket.owner) ?? 0) + 1);
    this.queued.set(ticket.id, { since: Date.now(), placedBy: ticket.placedBy ?? null });
    const running = this.sendWhenDurable(ticket.id, bodies, ticket.recvWindow).finally(() => {
      this.inFlight.delete(ticket.id);
      this.queued.delete(ticket.id);
      const left = (this.perOwner.get(ticket.owner) ?? 1) - 1;
      if (left > 0) this.perOwner.set(ticket.owner, left);
      else this.perOwner.delete(ticket.owner);
    });
    this.inFlight.set(ticket.id, running);
    return { kind: 'done', result: await running, replayed: false };
  }

  /** A key already journaled: the first submission's result when the ticket (and its account) is the same, else a conflict. */
  private async replay(id: string, journaledHash: string, bodyHash: string, account?: string): Promise<SubmitOutcome> {
    if (account !== undefined && account !== this.options.account) {
      return { kind: 'conflict', message: `idempotency key ${id} was already used for a ticket of account ${account}; nothing was sent` };
    }
    if (journaledHash !== bodyHash) {
      return { kind: 'conflict', message: `idempotency key ${id} was already used for a different ticket; nothing was sent` };
    }
    const running = this.inFlight.get(id);
    return { kind: 'done', result: running ? await running : await this.resultOf(id), replayed: true };
  }

  /**
   * Sends the ticket a held order wrote when it fired (already journaled, in the same transaction
   * as the firing): after the disk, through the same pacer as every ticket (ahead of the tickets
   * waiting there; a TWAP slice, `lane` "slice", behind them), never twice. `withdrawn`, asked at
   * its turn, names why it must not leave after all: its order then fails, not sent.
   */
  sendFired(ticketId: string, body: string, orders: number, lane: FiredLane = 'held', withdrawn?: () => Promise<string | undefined>): Promise<TicketResult> {
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

  /** On a desk: from now on this proxy sends only while `gate` says so and `fence` holds (the sending lease). */
  useGate(gate: SendGate, fence?: SendFence): void {
    this.gate = gate;
    this.fence = fence;
  }

  /** Whether this proxy sends now (see SendGate). */
  get sending(): boolean {
    return this.gate.sending;
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
    const { stopping, queueDelayMs, options } = this;
    return refusal({ stopping, ownerInFlight: this.perOwner.get(owner) ?? 0, queueDelayMs, limits: options.limits });
  }

  /**
   * Stops taking tickets; a request already at the service finishes (its own timeout bounds it),
   * and every order not yet sent fails with "not sent: the proxy stopped", so the trader sees it
   * and can retry; on a desk it stays pending instead, for the proxy that sends next. Resolves
   * when every ticket has settled, or after `graceMs`.
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
   * Write-ahead: nothing leaves before the ticket is on disk. The flush runs while the first
   * request takes its turn, is signed and marked sent; it is awaited just before that request
   * leaves (requests.ts), and if it failed nothing of the ticket is sent.
   */
  private async sendWhenDurable(ticketId: string, requests: OutgoingRequest[], recvWindow: number | undefined): Promise<TicketResult> {
    const durable = this.options.journal.durable();
    durable.catch(() => undefined);
    // The flush starts once this turn's writes are committed (at its end): signed and marked sent after that, it runs meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    const result = await sendRequests(this.context(durable), ticketId, requests, recvWindow);
    // Answers need not wait for the disk: lost to a power cut, they would read as unknown, never
    // as placed twice. They are flushed soon all the same, with the next ticket's flush if one comes.
    this.options.journal.flushSoon();
    return result;
  }

  private async resultOf(ticketId: string): Promise<TicketResult> {
    const result = await this.options.journal.ticketResult(ticketId);
    if (!result) throw new Error(`ticket ${ticketId} vanished from the journal`);
    return result;
  }

  private context(durable?: Promise<void>): RequestContext {
    return {
      options: this.options,
      durable,
      isStopping: () => this.stopping,
      handsOverOnStop: this.gate !== ALWAYS,
      fence: this.fence,
      sending: () => this.gate.sending,
      laneOf: (ticketId) => this.lanes.get(ticketId) ?? 'ticket',
      withdrawn: (ticketId) => this.withdrawals.get(ticketId)?.(),
      halted: (ticketId) => {
        const queued = this.queued.get(ticketId);
        // Judged at the door a moment ago: asked again only when it waited (or came from the journal).
        if (!queued || !this.options.halted || Date.now() - queued.since < RECHECK_AFTER_MS) return undefined;
        return this.options.halted(queued.placedBy);
      },
      handedOver: (ticketId) => this.handedOver(ticketId),
      resultOf: (ticketId) => this.resultOf(ticketId),
    };
  }
}
