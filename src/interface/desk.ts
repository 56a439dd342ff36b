import * as z from 'zod/mini';
import { symbolPattern } from './orders';
import './zod';

/**
 * A desk (issue 30): named people with roles, the service accounts they trade, limits checked in
 * the proxy before signing, four-eyes approval and an audit trail. Shared by the proxy (which
 * enforces) and the terminal (which hides or disables what a role may not do, saying why).
 */
export const roles = ['trader', 'risk', 'viewer', 'admin'] as const;
export type Role = (typeof roles)[number];

/** What a request does, as the policy and the 403s name it. */
export const deskActions = [
  'read',
  'trade',
  'cancelHeld',
  'approve',
  'setLimits',
  'viewDesk',
  'viewAudit',
  'manageUsers',
] as const;
export type DeskAction = (typeof deskActions)[number];

/** Which roles may do each action. `trade`, `cancelHeld`, `approve` and `setLimits` are further bound to the person's accounts. */
export const policy: Record<DeskAction, readonly Role[]> = {
  read: ['viewer', 'trader', 'risk', 'admin'],
  trade: ['trader'],
  // Risk stops what a trader left armed, as well as the trader (pausing or changing it is trading).
  cancelHeld: ['trader', 'risk'],
  approve: ['risk'],
  setLimits: ['risk'],
  viewDesk: ['risk', 'admin'],
  viewAudit: ['risk', 'admin'],
  manageUsers: ['admin'],
};

const NAME = /^[a-z][a-z0-9_.-]{0,31}$/;
/** A user's or account's name: lower-case letters, digits, ".", "_", "-", starting with a letter. */
export const deskNameSchema = z.string().check(z.regex(NAME, 'expected 1 to 32 lower-case letters, digits, ".", "_" or "-", starting with a letter'));

export const personSchema = z.object({
  name: z.string(),
  roles: z.array(z.enum(roles)),
  /** Account names this person trades (traders) or sees; '*' for every account. */
  accounts: z.union([z.literal('*'), z.array(z.string())]),
  /** True in single-token mode: the one implicit admin-trader, no desk. */
  implicit: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

/** The one person of single-token mode (no users yet): today's behaviour. */
export const IMPLICIT_PERSON: Person = { name: 'terminal', roles: ['admin', 'trader'], accounts: '*', implicit: true };

/**
 * The desk's person who placed a held order, if one did: not the single-token terminal (no user
 * may take its name) nor an order from before placers were kept. Only that person changes it.
 */
export function namedPlacer(order: { placed_by?: string | null }): string | undefined {
  const placer = order.placed_by;
  return placer && placer !== IMPLICIT_PERSON.name ? placer : undefined;
}

/** What an action does to an account, in the words a 403 uses ("rita may not approve the tickets of account hedge"). */
const onAccount: Partial<Record<DeskAction, string>> = {
  trade: 'trade',
  cancelHeld: 'cancel held orders of',
  approve: 'approve the tickets of',
  setLimits: 'set the limits of',
};

/** Whether `person` may do `action` (on `account`: trading, cancelling, approving and limits are bound to their accounts). */
export function may(person: Person, action: DeskAction, account?: string): boolean {
  if (!person.roles.some((role) => policy[action].includes(role))) return false;
  if (onAccount[action] === undefined || account === undefined || person.accounts === '*') return true;
  return person.accounts.includes(account);
}

/** Why not, in the words a 403 uses: "role viewer may not trade". Undefined when allowed. */
export function refusalOf(person: Person, action: DeskAction, account?: string): string | undefined {
  if (may(person, action, account)) return undefined;
  const held = person.roles.length > 0 ? person.roles.join(', ') : 'none';
  if (person.roles.some((role) => policy[action].includes(role))) {
    return `${person.name} may not ${onAccount[action] ?? action} account ${account}: it is not one of theirs`;
  }
  return `role ${held} may not ${action} (it takes ${policy[action].join(' or ')})`;
}

/** A decimal amount as text (notional in the quote currency, USDC): exact, never a float. */
export const decimalTextSchema = z.string().check(z.regex(/^\d{1,15}(\.\d{1,8})?$/, 'expected a non-negative decimal, as "25000" or "2500.5"'));

/** Limits of one user or one account. Absent: no limit of that kind. */
export const limitSetSchema = z.object({
  maxOrderNotional: z.optional(decimalTextSchema),
  maxTicketNotional: z.optional(decimalTextSchema),
  /** Sum of the notionals sent in one UTC day, at send price. */
  maxDayNotional: z.optional(decimalTextSchema),
  maxOpenHeld: z.optional(z.int().check(z.nonnegative())),
  /** Symbols allowed; absent: all. */
  symbols: z.optional(z.array(z.string().check(z.regex(symbolPattern, 'expected a symbol as PERP_BTC_USDC')))),
  /** The kill switch: nothing is sent while true. */
  tradingOff: z.optional(z.boolean()),
  /** Users only: a ticket or held order whose notional is over this waits for a risk user's approval. */
  approvalAbove: z.optional(decimalTextSchema),
  /**
   * Users only: the most a user sends in a UTC day without a risk user's approval, so approval
   * cannot be dodged by splitting an order under `approvalAbove`; past it, every ticket waits.
   */
  approvalFreeDay: z.optional(decimalTextSchema),
});
export type LimitSet = z.infer<typeof limitSetSchema>;
export type LimitName = Exclude<keyof LimitSet, 'approvalAbove' | 'approvalFreeDay'>;

/** A limit a ticket breaks, as data: the view chooses the words. `row` is the order's index. */
export const limitIssueSchema = z.object({
  code: z.enum(['tradingOff', 'symbol', 'maxOrderNotional', 'maxTicketNotional', 'maxDayNotional', 'maxOpenHeld', 'noMark']),
  scope: z.enum(['user', 'account']),
  /** The user's or account's name. */
  name: z.string(),
  row: z.optional(z.int().check(z.nonnegative())),
  /** The limit and what the ticket would make it (decimal text), when it is an amount. */
  limit: z.optional(z.string()),
  value: z.optional(z.string()),
  symbol: z.optional(z.string()),
});
export type LimitIssue = z.infer<typeof limitIssueSchema>;

/** `failed`: approved, but what it would send was refused for good when it was submitted (the note says why). */
export const approvalStates = ['awaiting', 'approved', 'rejected', 'expired', 'withdrawn', 'failed'] as const;
export type ApprovalState = (typeof approvalStates)[number];

/** A ticket or held order waiting for (or past) a second pair of eyes. */
export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(['ticket', 'held']),
  account: z.string(),
  author: z.string(),
  state: z.enum(approvalStates),
  /** The ticket's total notional (decimal text) when it was asked. */
  notional: z.string(),
  /**
   * Why it waits, judged when it was asked: over the author's `approvalAbove` ('ticket'), or past
   * what they may send that day without approval ('day'). Null when not known (asked before it was kept).
   */
  reason: z.optional(z.nullable(z.enum(['ticket', 'day']))),
  /** What will be sent, exactly as the author sent it: a batch-order body or a held-order body. */
  body: z.unknown(),
  createdAt: z.int(),
  expiresAt: z.int(),
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.int()),
  note: z.nullable(z.string()),
  /** Once approved: the ticket (or held order) it became. */
  ticketId: z.nullable(z.string()),
});
export type Approval = z.infer<typeof approvalSchema>;

export const auditActions = [
  'login',
  'logout',
  'sessions-ended',
  'ticket',
  'approval-asked',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
  'approval-failed',
  'held-armed',
  'held-modified',
  'held-cancelled',
  'limits-changed',
  'user-added',
  'user-changed',
  'user-disabled',
  'user-removed',
  'link-issued',
  'account-changed',
  /** A ticket, held order or change the desk's rules refused (a limit, the kill switch, an account not theirs). */
  'refused',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** One append-only record of the audit trail. */
export const auditRecordSchema = z.object({
  id: z.int(),
  at: z.int(),
  /** Who: a user's name, "terminal" in single-token mode, "cli" for the command line, "proxy" for expiries. */
  actor: z.string(),
  action: z.enum(auditActions),
  /** What it was about: a ticket id, approval id, user or account name. */
  subject: z.nullable(z.string()),
  /** Client address, null from the command line. */
  address: z.nullable(z.string()),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
