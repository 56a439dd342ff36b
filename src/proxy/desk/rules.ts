import Big from 'big.js';
import { checkTicket, utcDay, type LimitIssue, type LimitScope, type LimitSet, type OrderRequest, type TicketCheck } from '../../interface';
import type { LimitsStore, UsageScope } from './limitsStore';

export interface DeskRulesOptions {
  limits: LimitsStore;
  /** A symbol's mark, fresh (asked for now when the one known is stale), or undefined. */
  freshMark(symbol: string): Promise<number | undefined>;
  /** Held orders open now (armed, paused, awaiting entry) of a user or on an account. */
  openHeld(scope: LimitScope, name: string): Promise<number>;
  /** Whether what this key names was journaled already (a replay, not judged again). */
  sentAlready(key: string, kind: 'ticket' | 'held' | 'bracket'): Promise<boolean>;
  now?: () => number;
}

/** What a ticket is judged by: who sends it, on which account, and what it holds. */
export interface TicketToJudge {
  user: string;
  account: string;
  orders: readonly OrderRequest[];
  /** Held orders it would add (a held order: 1, a bracket: its exits). */
  heldAdding?: number;
}

export interface Judged extends TicketCheck {
  day: string;
  /** What its notional counts against today, with each day limit. */
  scopes: UsageScope[];
  /** The user's use sent without approval, with their `approvalFreeDay` (counted only by `withoutApproval`). */
  approvalFree: UsageScope;
}

/**
 * The desk's rules in the proxy (issue 30): limits are read fresh for every ticket (a change applies
 * to the next one), priced at fresh marks, and today's use is reserved atomically just before a
 * ticket is sent, so two tickets sent at once cannot both pass a day limit only one fits.
 */
export class DeskRules {
  private readonly now: () => number;

  constructor(private readonly options: DeskRulesOptions) {
    this.now = options.now ?? Date.now;
  }

  async limitsOf(scope: LimitScope, name: string): Promise<LimitSet> {
    return (await this.options.limits.get(scope, name))?.limits ?? {};
  }

  /** A user's or account's limits, what `day` has used of them and the held orders open now (what /api/desk shows). */
  async standing(day: string, scope: LimitScope, name: string): Promise<{ limits: LimitSet; usedToday: string; openHeld: number; approvalFreeToday?: string }> {
    const [limits, usedToday, openHeld, approvalFreeToday] = await Promise.all([
      this.limitsOf(scope, name),
      this.options.limits.usage(day, scope, name),
      this.options.openHeld(scope, name),
      scope === 'user' ? this.options.limits.usage(day, 'approvalFree', name) : undefined,
    ]);
    return { limits, usedToday, openHeld, ...(approvalFreeToday !== undefined && { approvalFreeToday }) };
  }

  /**
   * Why nothing of `account` placed by `user` may leave now: the kill switch (`tradingOff`) of the
   * account or of the user; undefined when neither is on. Read fresh, as every limit is.
   */
  async tradingOff(user: string | null, account: string): Promise<string | undefined> {
    const [accountLimits, userLimits] = await Promise.all([this.limitsOf('account', account), user === null ? ({} as LimitSet) : this.limitsOf('user', user)]);
    if (accountLimits.tradingOff === true) return `trading is off for account ${account}`;
    if (userLimits.tradingOff === true) return `trading is off for ${user}`;
    return undefined;
  }

  sentAlready(key: string, kind: 'ticket' | 'held' | 'bracket'): Promise<boolean> {
    return this.options.sentAlready(key, kind);
  }

  async judge(ticket: TicketToJudge): Promise<Judged> {
    const day = utcDay(this.now());
    const { limits } = this.options;
    const symbols = [...new Set(ticket.orders.map((order) => order.symbol))];
    const [userLimits, accountLimits, usedUser, usedAccount, approvalFreeToday, heldUser, heldAccount, marks] = await Promise.all([
      this.limitsOf('user', ticket.user),
      this.limitsOf('account', ticket.account),
      limits.usage(day, 'user', ticket.user),
      limits.usage(day, 'account', ticket.account),
      limits.usage(day, 'approvalFree', ticket.user),
      ticket.heldAdding ? this.options.openHeld('user', ticket.user) : 0,
      ticket.heldAdding ? this.options.openHeld('account', ticket.account) : 0,
      Promise.all(symbols.map(async (symbol) => [symbol, await this.options.freshMark(symbol)] as const)),
    ]);
    const check = checkTicket({
      orders: ticket.orders,
      marks: Object.fromEntries(marks),
      user: { name: ticket.user, limits: userLimits },
      account: { name: ticket.account, limits: accountLimits },
      usedToday: { user: usedUser, account: usedAccount },
      openHeld: { user: heldUser, account: heldAccount },
      heldAdding: ticket.heldAdding ?? 0,
      approvalFreeToday,
    });
    const scopes: UsageScope[] = [
      { scope: 'user', name: ticket.user, max: userLimits.maxDayNotional },
      { scope: 'account', name: ticket.account, max: accountLimits.maxDayNotional },
    ];
    const approvalFree: UsageScope = { scope: 'approvalFree', name: ticket.user, max: userLimits.approvalFreeDay };
    return { ...check, day, scopes, approvalFree };
  }

  /** A judged ticket sent without approval: its notional also counts against the user's approval-free day. */
  withoutApproval(judged: Judged): Judged {
    return { ...judged, scopes: [...judged.scopes, judged.approvalFree] };
  }

  /**
   * Counts a judged ticket's notional against today's use, or names the day limit it would pass
   * (another ticket took the room since it was judged). 'approval': it would take the user past
   * their approval-free day (another ticket sent at once took the room): it must wait for approval.
   * Nothing is counted unless every scope takes it.
   */
  async reserve(judged: Judged): Promise<LimitIssue | 'approval' | undefined> {
    const reservation = await this.options.limits.reserve(judged.day, judged.scopes, judged.notional);
    if (reservation.ok) return undefined;
    if (reservation.scope === 'approvalFree') return 'approval';
    // A held order's own count has no maximum: it never refuses.
    if (reservation.scope === 'held') throw new Error(`a held order's count of the day refused ${judged.notional}`);
    return { code: 'maxDayNotional', scope: reservation.scope, name: reservation.name, limit: reservation.max, value: new Big(reservation.used).plus(judged.notional).toString() };
  }

  /** Gives a reservation back: the ticket was not sent after all (refused whole before it left). */
  release(judged: Judged): Promise<void> {
    return this.options.limits.release(judged.day, judged.scopes, judged.notional);
  }
}
