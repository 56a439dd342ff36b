import { t } from '@lingui/core/macro';
import Big from 'big.js';
import { limitSetSchema, type LimitSet } from '@/interface';
import '@/terminal/shared/i18n/i18n';

/** The limit fields a form edits, in the order it shows them. The approval fields are a user's only. */
export const limitFields = ['maxOrderNotional', 'maxTicketNotional', 'maxDayNotional', 'maxOpenHeld', 'symbols', 'approvalAbove', 'approvalFreeDay'] as const;
/** Fields only a user's set has: the approval threshold and the approval-free day. */
export const userOnlyFields: readonly LimitField[] = ['approvalAbove', 'approvalFreeDay'];
export type LimitField = (typeof limitFields)[number] | 'tradingOff';

/** What the form holds: every value as typed; blank lifts that limit. */
export interface LimitDraft {
  maxOrderNotional: string;
  maxTicketNotional: string;
  maxDayNotional: string;
  maxOpenHeld: string;
  /** Comma- or space-separated symbols; blank allows all. */
  symbols: string;
  approvalAbove: string;
  approvalFreeDay: string;
  tradingOff: boolean;
}

export interface LimitIssueOfForm {
  field: LimitField;
  message: string;
}

export function limitLabel(field: LimitField): string {
  switch (field) {
    case 'maxOrderNotional':
      return t({ message: 'Max per order', context: 'limit: notional of one order, USDT' });
    case 'maxTicketNotional':
      return t({ message: 'Max per ticket', context: 'limit: notional of one ticket, USDT' });
    case 'maxDayNotional':
      return t({ message: 'Max per day', context: 'limit: notional sent in one UTC day, USDT' });
    case 'maxOpenHeld':
      return t({ message: 'Max open held orders', context: 'limit' });
    case 'symbols':
      return t({ message: 'Symbols', context: 'limit: the markets that may be traded' });
    case 'approvalAbove':
      return t({ message: 'Approval above', context: 'limit: a ticket over this notional waits for a risk user' });
    case 'approvalFreeDay':
      return t({ message: 'Approval-free per day', context: 'limit: notional a user sends in one UTC day without approval; past it every ticket waits for a risk user' });
    case 'tradingOff':
      return t({ message: 'Trading off', context: 'limit: the kill switch' });
  }
}

export function draftOf(limits: LimitSet): LimitDraft {
  return {
    maxOrderNotional: limits.maxOrderNotional ?? '',
    maxTicketNotional: limits.maxTicketNotional ?? '',
    maxDayNotional: limits.maxDayNotional ?? '',
    maxOpenHeld: limits.maxOpenHeld === undefined ? '' : String(limits.maxOpenHeld),
    symbols: limits.symbols?.join(', ') ?? '',
    approvalAbove: limits.approvalAbove ?? '',
    approvalFreeDay: limits.approvalFreeDay ?? '',
    tradingOff: limits.tradingOff ?? false,
  };
}

function issueWords(field: LimitField): string {
  const label = limitLabel(field);
  if (field === 'maxOpenHeld') return t`${label}: expected a whole number, as 20`;
  if (field === 'symbols') return t`${label}: expected symbols as PERP_BTC_USDC, separated by commas`;
  return t`${label}: expected a non-negative amount, as 25000 or 2500.5`;
}

/**
 * The limit set a draft asks for, checked with the proxy's own schema; each bad field named.
 * `forUser`: only a user's set has an approval threshold and an approval-free day.
 */
export function readLimitDraft(draft: LimitDraft, forUser: boolean): { limits?: LimitSet; issues: LimitIssueOfForm[] } {
  const raw: Record<string, unknown> = {};
  for (const field of ['maxOrderNotional', 'maxTicketNotional', 'maxDayNotional'] as const) {
    if (draft[field].trim()) raw[field] = draft[field].trim();
  }
  for (const field of ['approvalAbove', 'approvalFreeDay'] as const) {
    if (forUser && draft[field].trim()) raw[field] = draft[field].trim();
  }
  const held = draft.maxOpenHeld.trim();
  // Text that is not a whole number stays text, so the schema refuses it by name.
  if (held) raw.maxOpenHeld = /^\d+$/.test(held) ? Number(held) : held;
  const symbols = draft.symbols.split(/[\s,]+/).filter(Boolean);
  if (symbols.length > 0) raw.symbols = symbols;
  if (draft.tradingOff) raw.tradingOff = true;
  const parsed = limitSetSchema.safeParse(raw);
  if (parsed.success) return { limits: parsed.data, issues: [] };
  const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0]) as LimitField))];
  return { issues: fields.map((field) => ({ field, message: issueWords(field) })) };
}

/** How much of a limit today has used, 0–1 (over 1 when past it); undefined without a limit. */
export function usedRatio(used: string | number, max: string | number | undefined): number | undefined {
  if (max === undefined) return undefined;
  const limit = new Big(max);
  if (limit.lte(0)) return Number(new Big(used).gt(0));
  return new Big(used).div(limit).toNumber();
}
