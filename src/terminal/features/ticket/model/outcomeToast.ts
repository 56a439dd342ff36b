import { plural, t } from '@lingui/core/macro';
import type { TicketResult } from '@/interface';
import type { Toast } from '@/terminal/shared/ui/toast/toastStore';
// The toast is words: they need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

type ResultRow = TicketResult['rows'][number];

/** A refused order as the toast names it: its number, market and the service's reason. */
function refusal(row: ResultRow): string {
  const order = row.seq + 1;
  const symbol = row.symbol;
  const reason = row.error_message ?? t`rejected`;
  return t`#${order} ${symbol}: ${reason}`;
}

/** Some accepted, some refused: how many of each, the first three refusals and how many more. */
function partialToast(key: string, accepted: number, rejected: readonly ResultRow[], failed: number): Toast {
  const rejectedCount = rejected.length;
  const which = rejected.slice(0, 3).map(refusal).join('; ');
  const moreCount = rejectedCount - 3;
  return {
    id: key,
    tone: 'warning',
    title: failed ? t`${accepted} accepted, ${rejectedCount} rejected, ${failed} not placed` : t`${accepted} accepted, ${rejectedCount} rejected`,
    detail: moreCount > 0 ? t`${which} and ${moreCount} more` : which,
    timeoutMs: 12_000,
  };
}

/**
 * The toast for a ticket outcome, with the tone it deserves: all accepted, some rejected (how
 * many, and which), failed as a whole, or unknown. Its id is the ticket's key, so it is said once.
 */
export function outcomeToast(key: string, result: TicketResult | undefined, message: string | undefined): Toast {
  if (!result || result.rows.length === 0) {
    return { id: key, tone: 'error', title: t`Ticket not sent`, detail: message, timeoutMs: 0 };
  }
  const rows = result.rows;
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  const accepted = count('accepted');
  const rejected = rows.filter((row) => row.status === 'rejected');
  const failed = count('failed');
  const unknown = count('unknown');
  if (unknown > 0) {
    return {
      id: key,
      tone: 'danger',
      title: plural(unknown, { one: '# order with an unknown outcome', other: '# orders with an unknown outcome' }),
      detail: t`No answer came. Check your open orders at the service before sending again; the proxy never resends on its own.`,
      timeoutMs: 0,
    };
  }
  if (accepted === rows.length) {
    return { id: key, tone: 'success', title: plural(accepted, { 1: 'Order accepted', other: 'All # orders accepted' }), timeoutMs: 5000 };
  }
  if (failed === rows.length) {
    const title = plural(failed, { one: 'Ticket failed: # order not placed', other: 'Ticket failed: # orders not placed' });
    return { id: key, tone: 'error', title, detail: message ?? rows[0]?.error_message ?? undefined, timeoutMs: 0 };
  }
  return partialToast(key, accepted, rejected, failed);
}

/**
 * A desk's answers that are no result (issue 30): a ticket over the author's approval threshold
 * waits for a risk user (nothing sent yet; not an error), and one over a limit is refused whole
 * (nothing sent; the result lists the limits). Undefined for any other outcome.
 */
export function deskOutcomeToast(key: string, awaitingId: string | undefined, limitCount: number | undefined): Toast | undefined {
  if (awaitingId !== undefined) {
    return { id: key, tone: 'warning', title: t`Awaiting approval`, detail: t`Nothing is sent until a risk user approves it (approval ${awaitingId}).`, timeoutMs: 8000 };
  }
  if (limitCount !== undefined) {
    const title = plural(limitCount, { one: 'Ticket refused: over # limit', other: 'Ticket refused: over # limits' });
    return { id: key, tone: 'error', title, detail: t`Nothing was sent. The ticket’s result names each limit.`, timeoutMs: 0 };
  }
  return undefined;
}
