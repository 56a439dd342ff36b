import Big from 'big.js';
import type { HeldOrder, HeldOrderPatch, HeldOrderRequest, OrderRequest } from '@/interface';
import { sliceTicketId, type HeldRow, type JournalStore, type TwapColumns } from '../journal';
import type { Logger } from '../log';
import type { AccountSenders } from '../sending/accounts';
import type { MarketMark, MarkBoard } from './marks';
import { oneOrderTicket } from './outcomes';
import {
  beyondLimit,
  budgetIssue,
  expiryReason,
  nextStep,
  offTick,
  sliceCount,
  sliceLimitPrice,
  sliceSize,
  twapPatchIssue,
  wakeAt,
  type TwapPlan,
} from './twap';

export interface TwapRunnerOptions {
  journal: JournalStore;
  sender: Pick<AccountSenders, 'sendFired' | 'sendingFor'>;
  log: Logger;
  marks: MarkBoard;
  fresh: (market: MarketMark | undefined) => boolean;
  /** The clock the schedules run on (a test steps it; otherwise the wall clock). */
  clock: () => number;
  /** The clock of the rows' timestamps. */
  now: () => number;
  /**
   * Why its slices must not leave now (the desk's kill switch): due ones count missed, as while
   * paused, and one already waiting at the pacer does not leave.
   */
  halted?: (row: HeldRow) => Promise<string | undefined>;
}

type Issue = { field: string; message: string };

const planOf = (row: HeldRow): TwapPlan => ({
  id: row.id,
  startedAt: row.started_at ?? row.created_at,
  durationMs: row.duration_ms ?? 0,
  sliceMs: row.slice_ms ?? 1,
});

/**
 * Runs the armed TWAPs: on each poll of the market, at most one slice of each, journaled (with its
 * ticket) before it goes to the sender behind the trader's tickets. Paused TWAPs are not here;
 * slices due while paused are counted missed when resumed.
 */
export class TwapRunner {
  /** Armed TWAPs and when each has something to do next (0: look now), so a poll reads only those due. */
  private readonly armed = new Map<string, number>();
  /** TWAPs with a slice at the sender: the next one waits for its answer, so slices never queue up. */
  private readonly sending = new Set<string>();
  private judging = false;

  constructor(private readonly options: TwapRunnerOptions) {}

  private get store() {
    return this.options.journal.held.twap;
  }

  get size(): number {
    return this.armed.size;
  }

  get ids(): string[] {
    return [...this.armed.keys()];
  }

  track(order: HeldOrder): void {
    if (order.type === 'TWAP' && order.state === 'armed') this.armed.set(order.id, 0);
  }

  untrack(id: string): void {
    this.armed.delete(id);
  }

  /** Why a TWAP cannot be armed, naming the field: a price off the tick, or more than its share of the budget. */
  async armIssue(request: HeldOrderRequest, market: MarketMark | undefined): Promise<Issue | undefined> {
    if (request.type !== 'TWAP') return undefined;
    const limitIssue = request.price_limit !== undefined && market && offTick(request.price_limit, market.priceDecimals);
    if (limitIssue) return { field: 'price_limit', message: `${limitIssue} of ${request.symbol}` };
    const budget = budgetIssue(await this.store.liveSliceMs(), request.slice_ms ?? 0);
    return budget === undefined ? undefined : { field: 'slice_ms', message: budget };
  }

  /** The schedule a TWAP is armed with: it starts now. */
  columns(request: HeldOrderRequest): TwapColumns | undefined {
    if (request.type !== 'TWAP') return undefined;
    return {
      durationMs: request.duration_ms!,
      sliceMs: request.slice_ms!,
      maxSlippagePercent: request.max_slippage_percent ?? null,
      priceLimit: request.price_limit ?? null,
      randomizePercent: request.randomize_percent ?? null,
      startedAt: this.options.clock(),
    };
  }

  /** A TWAP's PATCH: refused naming the field, else whether it was still live to change. */
  async change(order: HeldOrder, patch: HeldOrderPatch, market: MarketMark | undefined): Promise<Issue | boolean> {
    const issue = twapPatchIssue(patch, order.twap?.quantity_sent ?? 0);
    if (issue) return issue;
    if (!market && (patch.order_quantity !== undefined || patch.price_limit !== undefined)) {
      return { field: patch.order_quantity !== undefined ? 'order_quantity' : 'price_limit', message: `no price of ${order.symbol} yet to check it against; try again in a moment` };
    }
    const quantityIssue = market && patch.order_quantity !== undefined && offTick(patch.order_quantity, market.quantityDecimals, 'quantity step');
    if (quantityIssue) return { field: 'order_quantity', message: `${quantityIssue} of ${order.symbol}` };
    const limitIssue = market && patch.price_limit !== undefined && offTick(patch.price_limit, market.priceDecimals);
    if (limitIssue) return { field: 'price_limit', message: `${limitIssue} of ${order.symbol}` };
    const changes = { state: patch.state, orderQuantity: patch.order_quantity, priceLimit: patch.price_limit, maxSlippagePercent: patch.max_slippage_percent };
    if (await this.store.change(order.id, changes, this.options.now())) return true;
    // A slice journaled since the order was read may have sent more than the new quantity.
    const now = await this.options.journal.held.row(order.id);
    return (now && twapPatchIssue(patch, now.quantity_sent)) ?? false;
  }

  /**
   * Each poll of the market: each armed TWAP takes its step. A poll that comes while the last one's
   * steps are still being journaled is skipped: a step is judged once, on the latest schedule.
   */
  async judge(): Promise<void> {
    if (this.judging) return;
    this.judging = true;
    try {
      const clock = this.options.clock();
      for (const [id, wake] of [...this.armed]) {
        if (clock < wake) continue;
        try {
          await this.judgeOne(id);
        } catch (error) {
          // Left as it was: judged again on the next poll.
          this.options.log.error({ held: id, err: { message: (error as Error).message } }, 'TWAP slice could not be journaled');
        }
      }
    } finally {
      this.judging = false;
    }
  }

  private async judgeOne(id: string): Promise<void> {
    if (this.sending.has(id)) return;
    const row = await this.options.journal.held.row(id);
    if (!row || row.state !== 'armed' || row.type !== 'TWAP') return this.untrack(id);
    // On a desk, the proxy holding this account's lease runs its schedule.
    if (!this.options.sender.sendingFor(row.account)) return;
    const now = this.options.now();
    const from = row.next_slice;
    if (new Big(String(row.order_quantity)).lte(String(row.quantity_sent))) {
      // Its quantity was lowered to what it had sent: nothing is left to send.
      if (await this.store.end(id, from, { state: 'fired', reason: null, missed: 0 }, now)) this.untrack(id);
      return;
    }
    const plan = planOf(row);
    const step = nextStep(plan, from, this.options.clock());
    if (step.kind === 'wait') {
      this.armed.set(id, wakeAt(plan, from));
      return;
    }
    if (step.kind === 'over') {
      const counts = { total: row.order_quantity, sent: row.quantity_sent, skipped: row.slices_skipped, missed: row.slices_missed + step.missed };
      const reason = expiryReason(counts);
      if (await this.store.end(id, from, { state: 'expired', reason, missed: step.missed }, now)) this.untrack(id);
      this.options.log.info({ held: id, reason }, 'TWAP expired');
      return;
    }
    const market = this.options.marks.get(row.symbol);
    // No fresh price, nothing sent: the slice is counted missed once one comes (or the time is over).
    if (!this.options.fresh(market)) return;
    const halted = await this.options.halted?.(row);
    if (halted) {
      await this.store.pass(id, from, step.index + 1, { skipped: 0, missed: step.missed + 1 }, now);
      this.options.log.warn({ held: id, slice: step.index + 1, reason: halted }, 'TWAP slice not sent');
      return;
    }
    if (beyondLimit(row.side, market!.mark, row.price_limit)) {
      await this.store.pass(id, from, step.index + 1, { skipped: 1, missed: step.missed }, now);
      return;
    }
    await this.sendSlice(row, step, market!);
  }

  /**
   * Why a slice still waiting at the pacer must not leave: its TWAP was cancelled or paused
   * meanwhile, or trading was turned off. The state is read last, after the kill switch's read, so
   * a cancel that commits while that is asked is still seen.
   */
  private async withdrawn(id: string): Promise<string | undefined> {
    const before = await this.options.journal.held.row(id);
    const halted = before && (await this.options.halted?.(before));
    if (halted) return `not sent: ${halted}`;
    const state = (await this.options.journal.held.row(id))?.state;
    // Fired: this slice is its last, journaled so.
    if (state !== undefined && state !== 'armed' && state !== 'fired') return `not sent: TWAP ${state}`;
    return undefined;
  }

  private async sendSlice(row: HeldRow, step: { index: number; missed: number }, market: MarketMark): Promise<void> {
    const plan = planOf(row);
    const size = sliceSize({
      id: row.id,
      total: row.order_quantity,
      sent: row.quantity_sent,
      index: step.index,
      slices: sliceCount(plan.durationMs, plan.sliceMs),
      quantityDecimals: market.quantityDecimals,
      randomizePercent: row.randomize_percent,
    });
    // Less than one step left on the market's grid now (a coarser step than when armed): nothing
    // to send, never an order of 0; the slice is counted missed and the time ends the TWAP.
    if (size === '0') {
      await this.store.pass(row.id, row.next_slice, step.index + 1, { skipped: 0, missed: step.missed + 1 }, this.options.now());
      return;
    }
    const number = row.slices_sent + 1;
    const ioc = row.max_slippage_percent !== null;
    const request: OrderRequest = {
      symbol: row.symbol,
      side: row.side,
      order_type: ioc ? 'IOC' : 'MARKET',
      ...(ioc ? { order_price: Number(sliceLimitPrice(row.side, market.mark, row.max_slippage_percent!, market.priceDecimals)) } : {}),
      order_quantity: Number(size),
      client_order_id: `${row.id}-${number}`,
    };
    const ticketId = sliceTicketId(row.id, number);
    const { ticket, body } = oneOrderTicket(ticketId, request, this.options.now(), row.account, row.placed_by);
    const quantitySent = new Big(String(row.quantity_sent)).plus(size);
    const last = quantitySent.gte(String(row.order_quantity));
    const journaled = await this.store.slice({
      id: row.id, from: row.next_slice, next: step.index + 1, missed: step.missed,
      quantitySent: Number(quantitySent), last, mark: market.mark, ticket,
      terms: { order_quantity: row.order_quantity, price_limit: row.price_limit, max_slippage_percent: row.max_slippage_percent },
    });
    if (!journaled) return;
    if (last) this.untrack(row.id);
    this.options.log.info({ held: row.id, slice: step.index + 1, order: request.client_order_id, missed: step.missed }, 'TWAP slice fired');
    this.sending.add(row.id);
    void this.options.sender
      .sendFired(row.account, ticketId, body, 1, 'slice', () => this.withdrawn(row.id))
      .catch((error: Error) => this.options.log.error({ held: row.id, err: { message: error.message } }, 'TWAP slice could not be sent'))
      .finally(() => this.sending.delete(row.id));
  }
}
