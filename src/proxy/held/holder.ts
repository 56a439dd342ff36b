import { createHash, randomBytes } from 'node:crypto';
import {
  hasUnsafeText,
  type FuturesRow,
  heldOrderIssues,
  type HeldOrder,
  type HeldOrderFields,
  type HeldOrderPatch,
  type HeldOrderRequest,
} from '@/interface';
import { HeldConflictError, HeldKeyTakenError, HeldLimitError, heldLimitMessage, JournalFullError, MAIN_ACCOUNT } from '../journal';
import { bestOfBoth, betterMark, HeldBook, trailingLevel } from './book';
import { MarkBoard, marketIssue, type MarketMark } from './marks';
import { fireCrossed, type Crossing, type FiringOptions } from './firing';
import { refused, settledMessage, type ArmOutcome, type SettleOutcome } from './outcomes';
import { rearmUnsent } from './rearm';
import { TwapRunner } from './twapRunner';
import { viewOf } from './view';
import type { HeldOrdersOptions } from './options';

export { firedOrder, settledMessage, type ArmOutcome, type HeldRefusal, type SettleOutcome } from './outcomes';
export type { HeldOrdersOptions } from './options';


/**
 * Holds orders for the trader: arms them in the journal, judges them on each fresh mark of the
 * proxy's own poll, and fires each once: the orders of one poll's firings go in tickets of up to 10,
 * each ticket one journal transaction with its firings and OCO cancels, and only then to the sender
 * (see fireCrossed).
 */
export class HeldOrders {
  readonly book = new HeldBook();
  readonly marks = new MarkBoard();
  /** Armed trailing stops, with the best mark each has seen. */
  private readonly trailing = new Map<string, HeldOrder>();
  private stopped = false;
  /** The firing of the last poll's crossings (they go one poll after another). */
  private firings: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  readonly twaps: TwapRunner;
  /** What firing needs of the holder: the journal, the sender, the book to keep up to date, the kill switch. */
  private readonly firing: FiringOptions;

  constructor(private readonly options: HeldOrdersOptions) {
    this.now = options.now ?? Date.now;
    this.twaps = new TwapRunner({ ...options, marks: this.marks, fresh: this.fresh, now: this.now, clock: options.twapClock ?? this.now });
    const { journal, sender, log, halted } = options;
    this.firing = { journal, sender, log, halted, heldBack: new Set(), now: this.now, untrack: (id) => this.untrack(id), track: (order) => this.track(order) };
  }

  private get store() {
    return this.options.journal.held;
  }

  /** Every armed order of the journal armed again (at start), and each fired one whose order the last run never sent. */
  async load(): Promise<number> {
    await this.rearmAllUnsent();
    const live = await this.store.live();
    for (const order of live) if (order.state === 'armed') this.track(order);
    return live.length;
  }

  /** Each fired order whose ticket settled as never sent armed again (into the book). */
  async rearmAllUnsent(): Promise<void> {
    for (const id of await this.store.rearm.unsent()) (await rearmUnsent(this.options.journal, this.options.log, id, this.now())).forEach((order) => this.track(order));
  }

  /** No firing from here on (the proxy is stopping: a fired order could not be sent). */
  stop(): void {
    this.stopped = true;
  }

  /** Every order in the book or among the TWAPs, by id. */
  get trackedIds(): string[] {
    return [...this.book.ids, ...this.twaps.ids];
  }

  get armed(): number {
    return this.book.size + this.twaps.size;
  }

  /** Into the book: an armed order (also a bracket's exit, armed when its entry was accepted). */
  track(order: HeldOrder): void {
    if (order.type === 'TWAP') return this.twaps.track(order);
    this.book.add(order);
    if (order.type === 'TRAILING_STOP') this.trailing.set(order.id, order);
  }

  /** Out of the book (and the TWAPs): no longer armed. */
  untrack(id: string): void {
    this.twaps.untrack(id);
    this.book.remove(id);
    this.trailing.delete(id);
  }

  /** A mark asked for at or after this is fresh (judge() reads it once a poll, fresh() once a mark). */
  private freshSince = (): number => this.now() - this.options.staleAfterMs();
  private fresh = (mark: { askedAt: number } | undefined): boolean => mark !== undefined && mark.askedAt >= this.freshSince();

  /** A symbol's mark, asked for now when the one known is not fresh (to check an order against it). */
  async freshMark(symbol: string): Promise<MarketMark | undefined> {
    if (!this.fresh(this.marks.get(symbol))) await this.options.readMarks?.();
    return this.marks.get(symbol);
  }

  /** Arms it for `account` (by name), placed by `placedBy`: it fires through that account's sending; MAX_HELD_ORDERS counts per account. */
  async arm(request: HeldOrderRequest, idempotencyKey: string, account: string, placedBy?: string): Promise<ArmOutcome> {
    const bodyHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const existing = await this.store.byIdempotencyKey(idempotencyKey);
    if (existing) {
      const order = await this.store.get(existing.id);
      if (existing.bodyHash !== bodyHash || (order && order.account !== account)) {
        return refused('duplicate', `idempotency key ${idempotencyKey} was already used for a different held order; nothing was armed`);
      }
      if (order) return { kind: 'armed', order, replayed: true };
    }
    if ((await this.store.countLive(account)) >= this.options.maxHeld) return refused('invalidParameter', heldLimitMessage(this.options.maxHeld, account));
    if (request.client_ref !== undefined && hasUnsafeText(request.client_ref)) {
      return refused('invalidParameter', 'client_ref: control and bidirectional characters are not allowed');
    }
    // Checked against a fresh listing; a trailing stop starts from the mark when it is armed.
    const market = await this.freshMark(request.symbol);
    const issue = marketIssue(market, request) ?? (await this.twaps.armIssue(request, market));
    if (issue) return refused('invalidParameter', `${issue.field}: ${issue.message}; nothing was armed`);
    if (request.oco_with !== undefined) {
      const partner = await this.store.get(request.oco_with);
      // A partner of another account would let this order cancel it (when this one fires): an
      // order there is answered as one that does not exist, so nothing of it is told either.
      if (!partner || partner.account !== account || partner.symbol !== request.symbol || partner.type === 'TWAP') {
        return refused('invalidParameter', `oco_with: ${request.oco_with} is not a held order of ${request.symbol} on account ${account} that can be one of an OCO pair (a TWAP cannot)`);
      }
    }
    try {
      await this.options.journal.checkDisk();
      const order = await this.store.arm({
        id: `held-${randomBytes(8).toString('hex')}`,
        idempotencyKey, bodyHash, maxLive: this.options.maxHeld, account, placedBy: placedBy ?? null,
        type: request.type,
        symbol: request.symbol,
        side: request.side,
        orderQuantity: request.order_quantity,
        triggerPrice: request.trigger_price ?? null,
        orderPrice: request.order_price ?? null,
        trailingDistance: request.trailing_distance ?? null,
        trailingPercent: request.trailing_percent ?? null,
        bestMark: request.type === 'TRAILING_STOP' && this.fresh(market) ? market!.mark : null,
        ocoWith: request.oco_with ?? null,
        clientRef: request.client_ref ?? null,
        now: this.now(),
        twap: this.twaps.columns(request),
      });
      // Armed only once on disk: the answer promises it survives a power cut.
      await this.options.journal.durable();
      this.track(order);
      this.options.log.info({ held: order.id, type: order.type, symbol: order.symbol }, 'held order armed');
      return { kind: 'armed', order: this.view(order), replayed: false };
    } catch (error) {
      if (error instanceof HeldConflictError) return refused('duplicate', error.message);
      if (error instanceof HeldLimitError) return refused('invalidParameter', error.message);
      if (error instanceof HeldKeyTakenError) return this.arm(request, idempotencyKey, account, placedBy);
      if (error instanceof JournalFullError) return refused('unknown', error.message, 507);
      throw error;
    }
  }

  /** A row as the trader sees it (see viewOf). */
  view(order: HeldOrder): HeldOrder {
    const best = (this.trailing.get(order.id) ?? order).best_mark;
    return viewOf(order, this.marks.get(order.symbol), this.now(), this.options.staleAfterMs(), best);
  }

  async get(id: string): Promise<HeldOrder | undefined> {
    const order = await this.store.get(id);
    return order && this.view(order);
  }

  /** Cancels one; a fire that committed first wins and the answer says so. */
  async cancel(id: string): Promise<SettleOutcome> {
    const before = await this.store.get(id);
    if (!before) return refused('notFound', `no held order ${id}`);
    let done = await this.store.cancel(id, this.now());
    // Not live: fired (its order may yet fail unsent: the ask is noted, and it is then cancelled, not
    // armed again), or armed again a moment ago by such a failure (on a desk, by the sender): cancelled now.
    if (!done && !(await this.store.rearm.askCancelFired(id, this.now()))) done = await this.store.cancel(id, this.now());
    if (!done) {
      // Cancelled by its OCO partner's firing: the trader's cancel holds even if that order is never sent.
      await this.store.rearm.keepCancelled(id, this.now());
      await this.options.journal.durable();
      const settled = (await this.get(id))!;
      return settled.state === 'cancelled' ? { kind: 'done', order: settled } : refused('duplicate', settledMessage(settled), 409, settled);
    }
    this.untrack(id);
    await this.options.journal.durable();
    return { kind: 'done', order: (await this.get(id))! };
  }

  /** Cancels the live held orders of a symbol (or every market) on `accounts` (or all); returns them. */
  async cancelSymbol(symbol?: string, accounts?: readonly string[]): Promise<HeldOrder[]> {
    const cancelled: HeldOrder[] = [];
    for (const id of await this.store.liveIdsOf(symbol)) {
      if (accounts && !accounts.includes((await this.store.get(id))?.account ?? MAIN_ACCOUNT)) continue;
      if (!(await this.store.cancel(id, this.now()))) continue;
      this.untrack(id);
      const order = await this.get(id);
      if (order) cancelled.push(order);
    }
    await this.options.journal.durable();
    return cancelled;
  }

  /** New prices or quantity of a live order, or pause and resume; checked as when it was armed. */
  async modify(id: string, patch: HeldOrderPatch): Promise<SettleOutcome> {
    const order = await this.get(id);
    if (!order) return refused('notFound', `no held order ${id}`);
    if (order.state !== 'armed' && order.state !== 'paused') return refused('duplicate', settledMessage(order), 409, order);
    if (order.type === 'TWAP') return this.changed(id, await this.twaps.change(order, patch, this.marks.get(order.symbol)));
    const byPercent = order.trailing_percent !== null;
    if (order.type === 'TRAILING_STOP' && (byPercent ? patch.trailing_distance : patch.trailing_percent) !== undefined) {
      const field = byPercent ? 'trailing_distance' : 'trailing_percent';
      return refused('invalidParameter', `${field}: this trailing stop trails by ${byPercent ? 'percent' : 'distance'}; change ${byPercent ? 'trailing_percent' : 'trailing_distance'}`);
    }
    const stored = (await this.store.get(id)) ?? order;
    const merged: HeldOrderFields = {
      type: order.type,
      symbol: order.symbol,
      side: order.side,
      order_quantity: patch.order_quantity ?? order.order_quantity,
      trigger_price: patch.trigger_price ?? stored.trigger_price ?? undefined,
      order_price: patch.order_price ?? order.order_price ?? undefined,
      trailing_distance: patch.trailing_distance ?? order.trailing_distance ?? undefined,
      trailing_percent: patch.trailing_percent ?? order.trailing_percent ?? undefined,
      price_limit: patch.price_limit,
      max_slippage_percent: patch.max_slippage_percent,
    };
    const issue = heldOrderIssues(merged)[0] ?? marketIssue(this.marks.get(order.symbol), merged);
    if (issue) return this.changed(id, { field: 'path' in issue ? issue.path : issue.field, message: issue.message });
    const changes = {
      state: patch.state,
      orderQuantity: patch.order_quantity,
      triggerPrice: patch.trigger_price,
      orderPrice: patch.order_price,
      trailingDistance: patch.trailing_distance,
      trailingPercent: patch.trailing_percent,
      // The better of this proxy's and the journal's: a proxy that does not send (its book behind)
      // must not pull a trailing stop back to the best it saw when the order was armed.
      bestMark: order.type === 'TRAILING_STOP' ? bestOfBoth(order.side, stored.best_mark, order.best_mark) : undefined,
    };
    return this.changed(id, await this.store.change(id, changes, this.now()));
  }

  /** A modify's end: refused naming the field, lost to a fire or cancel (409), or done. */
  private async changed(id: string, change: boolean | { field: string; message: string }): Promise<SettleOutcome> {
    if (typeof change === 'object') return refused('invalidParameter', `${change.field}: ${change.message}; nothing was changed`);
    if (!change) {
      const settled = (await this.get(id))!;
      return refused('duplicate', settledMessage(settled), 409, settled);
    }
    const updated = (await this.store.get(id))!;
    if (updated.state === 'armed') this.track(updated);
    else this.untrack(id);
    await this.options.journal.durable();
    return { kind: 'done', order: this.view(updated) };
  }

  /** Each fresh mark of the proxy's poll: the orders it crosses fire. A stale one fires nothing. */
  judge(rows: readonly FuturesRow[], askedAt: number): void {
    this.marks.record(rows, askedAt);
    // Stopping, a fired order could only fail as not sent; on a desk only the sender judges (all orders are in its journal).
    if (this.stopped || !this.options.sender.accepting || !this.options.sender.sending || this.armed === 0) return;
    const freshSince = this.freshSince();
    const crossings: Crossing[] = [];
    for (const symbol of this.book.symbolNames) {
      const market = this.marks.get(symbol);
      if (market === undefined || market.askedAt < freshSince) continue;
      const { crossed, trailing } = this.book.crossedBy(symbol, market.mark);
      for (const id of crossed) crossings.push({ id, mark: market.mark });
      for (const id of trailing) if (this.trailingCrossed(id, market.mark)) crossings.push({ id, mark: market.mark, best: this.trailing.get(id)?.best_mark });
    }
    // One poll's firings after the last one's: two polls never judge the same rows at once.
    if (crossings.length > 0) this.firings = this.firings.then(() => fireCrossed(this.firing, crossings));
    if (this.twaps.size > 0) void this.twaps.judge();
  }

  /** Whether a trailing stop's level is crossed, moving its best mark first. */
  private trailingCrossed(id: string, mark: number): boolean {
    const order = this.trailing.get(id);
    if (!order) return false;
    const best = betterMark(order.side, order.best_mark, mark);
    if (best !== order.best_mark) {
      order.best_mark = best;
      // Not awaited: lost, the stop only trails less far (the next mark writes it again).
      const failed = (error: Error) => this.options.log.warn({ held: id, err: { message: error.message } }, "a trailing stop's best mark was not written");
      this.store.setBestMark(id, best).catch(failed);
    }
    const level = trailingLevel(order, best);
    return order.side === 'SELL' ? mark <= level : mark >= level;
  }
}
