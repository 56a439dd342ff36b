import { t } from '@lingui/core/macro';
import type { LimitIssue } from '@/interface';
import { groupDecimalText } from '@/terminal/shared/format/number';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

/** "user alice", "account main": whose limit it is. */
export function limitOwnerText(scope: LimitIssue['scope'], name: string): string {
  return scope === 'user'
    ? t({ message: `user ${name}`, context: 'whose limit: a person of the desk' })
    : t({ message: `account ${name}`, context: 'whose limit: a service account' });
}

/** One broken limit in the trader's words, naming the order, the limit and what the ticket makes it. */
export function limitIssueText(issue: LimitIssue): string {
  const owner = limitOwnerText(issue.scope, issue.name);
  const limit = issue.limit === undefined ? '' : groupDecimalText(issue.limit);
  const value = issue.value === undefined ? '' : groupDecimalText(issue.value);
  const order = issue.row === undefined ? '' : t({ message: `Order ${issue.row + 1}: `, context: 'a limit issue names the row of the ticket' });
  const symbol = issue.symbol ?? '';
  switch (issue.code) {
    case 'tradingOff':
      return t`Trading is off for ${owner}`;
    case 'symbol':
      return order + t`${symbol} is not among the symbols ${owner} may trade`;
    case 'maxOrderNotional':
      return order + t`notional ${value} is over the ${limit} per order of ${owner}`;
    case 'maxTicketNotional':
      return t`The ticket's notional ${value} is over the ${limit} per ticket of ${owner}`;
    case 'maxDayNotional':
      return t`Today's notional would be ${value}, over the ${limit} per day of ${owner}`;
    case 'maxOpenHeld':
      return t`${value} open held orders would be over the ${limit} of ${owner}`;
    case 'noMark':
      return order + t`no mark price for ${symbol}: its notional cannot be checked`;
  }
}
