import { t } from '@lingui/core/macro';
import type { LimitIssue } from '@/interface';
import { groupDecimalText } from '@/terminal/shared/format/number';

/** Whose limit: "user alice" or "account main". */
function whose(issue: LimitIssue): string {
  const name = issue.name;
  return issue.scope === 'user' ? t({ message: `user ${name}`, context: 'whose limit: a desk user' }) : t({ message: `account ${name}`, context: 'whose limit: a desk account' });
}

const amount = (text: string | undefined) => (text === undefined ? '—' : `${groupDecimalText(text)} USDC`);

/** The order a limit names, "#2 PERP_BTC_USDC: ", or nothing for the ticket as a whole. */
function orderPrefix(issue: LimitIssue): string {
  if (issue.row === undefined) return '';
  const order = issue.row + 1;
  const symbol = issue.symbol ?? '';
  return symbol ? t`#${order} ${symbol}: ` : t`#${order}: `;
}

/** What the limit says, in a sentence: the limit, whose, the value and the maximum. */
function limitSentence(issue: LimitIssue): string {
  const who = whose(issue);
  const value = amount(issue.value);
  const limit = amount(issue.limit);
  const symbol = issue.symbol ?? '';
  switch (issue.code) {
    case 'tradingOff':
      return t`Trading is off for ${who}.`;
    case 'symbol':
      return t`${symbol} is not among the markets ${who} may trade.`;
    case 'maxOrderNotional':
      return t`Order notional ${value} is over the limit per order of ${who}, ${limit}.`;
    case 'maxTicketNotional':
      return t`Ticket notional ${value} is over the limit per ticket of ${who}, ${limit}.`;
    case 'maxDayNotional':
      return t`Today’s notional would reach ${value}, over the daily limit of ${who}, ${limit}.`;
    case 'maxOpenHeld': {
      const count = issue.value ?? '—';
      const max = issue.limit ?? '—';
      return t`${count} open held orders would be over the limit of ${who}, ${max}.`;
    }
    case 'noMark':
      return t`No mark price to value it against the limits of ${who}.`;
  }
}

/** A limit the ticket breaks, in words: which order, which limit, whose, the value and the max. */
export const limitIssueText = (issue: LimitIssue): string => `${orderPrefix(issue)}${limitSentence(issue)}`;
