import { t } from '@lingui/core/macro';
import type { DeskAccountRow, DeskUserRow, LimitSet } from '@/interface';
import { groupDecimalText } from '@/terminal/shared/format/number';
import { limitLabel, usedRatio } from './limitsForm';
import '@/terminal/shared/i18n/i18n';

export interface UsageView {
  label: string;
  /** 0–1 of the bar filled; past the limit it is full and says so. */
  ratio: number;
  over: boolean;
  text: string;
}

export interface LimitRowView {
  scope: 'user' | 'account';
  name: string;
  /** Roles and accounts of a user; the service account id of an account. */
  detail: string;
  disabled: boolean;
  limits: LimitSet;
  figures: [string, string][];
  usage: UsageView[];
}

const NONE = () => t({ message: 'none', context: 'a limit that is not set: no limit' });
const amount = (value: string | undefined) => (value === undefined ? NONE() : groupDecimalText(value));

function usage(label: string, used: string | number, max: string | number | undefined): UsageView | undefined {
  const ratio = usedRatio(used, max);
  if (ratio === undefined || max === undefined) return undefined;
  const [usedText, maxText] = [groupDecimalText(String(used)), groupDecimalText(String(max))];
  return { label, ratio: Math.min(1, ratio), over: ratio > 1, text: t({ message: `${usedText} of ${maxText}`, context: 'how much of a limit is used' }) };
}

function figuresOf(limits: LimitSet, scope: 'user' | 'account'): [string, string][] {
  const figures: [string, string][] = [
    [limitLabel('maxOrderNotional'), amount(limits.maxOrderNotional)],
    [limitLabel('maxTicketNotional'), amount(limits.maxTicketNotional)],
    [limitLabel('maxDayNotional'), amount(limits.maxDayNotional)],
    [limitLabel('maxOpenHeld'), limits.maxOpenHeld === undefined ? NONE() : String(limits.maxOpenHeld)],
    [limitLabel('symbols'), limits.symbols?.join(', ') ?? t({ message: 'all', context: 'every symbol may be traded' })],
  ];
  if (scope === 'user') {
    figures.push([limitLabel('approvalAbove'), amount(limits.approvalAbove)], [limitLabel('approvalFreeDay'), amount(limits.approvalFreeDay)]);
  }
  return figures;
}

function usageOf(row: { limits: LimitSet; usedToday: string; openHeld: number; approvalFreeToday?: string }): UsageView[] {
  return [
    usage(t({ message: 'Today', context: 'notional sent today against the day limit' }), row.usedToday, row.limits.maxDayNotional),
    usage(
      t({ message: 'Without approval', context: 'notional sent today without approval against the approval-free day' }),
      row.approvalFreeToday ?? '0',
      row.limits.approvalFreeDay,
    ),
    usage(t({ message: 'Open held', context: 'held orders open against their limit' }), row.openHeld, row.limits.maxOpenHeld),
  ].filter((view): view is UsageView => view !== undefined);
}

export function userRowView(row: DeskUserRow): LimitRowView {
  const accounts = row.accounts === '*' ? t({ message: 'all accounts', context: 'a user who may use every account' }) : row.accounts.join(', ');
  return {
    scope: 'user',
    name: row.name,
    detail: `${row.roles.join(', ')} · ${accounts}`,
    disabled: row.disabled,
    limits: row.limits,
    figures: figuresOf(row.limits, 'user'),
    usage: usageOf(row),
  };
}

export function accountRowView(row: DeskAccountRow): LimitRowView {
  return { scope: 'account', name: row.name, detail: row.accountId, disabled: false, limits: row.limits, figures: figuresOf(row.limits, 'account'), usage: usageOf(row) };
}
