import type { TicketResult } from '@/interface';
import type { Toast } from '@/terminal/shared/ui/toast/toastStore';

/**
 * The toast for a ticket outcome, with the tone it deserves: all accepted, some rejected (how
 * many, and which), failed as a whole, or unknown. Its id is the ticket's key, so it is said once.
 */
export function outcomeToast(key: string, result: TicketResult | undefined, message: string | undefined): Toast {
  if (!result || result.rows.length === 0) {
    return { id: key, tone: 'error', title: 'Ticket not sent', detail: message, timeoutMs: 0 };
  }
  const rows = result.rows;
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  const accepted = count('accepted');
  const rejected = rows.filter((row) => row.status === 'rejected');
  const failed = count('failed');
  const unknown = count('unknown');
  const orders = (n: number) => `${n} order${n === 1 ? '' : 's'}`;
  if (unknown > 0) {
    return {
      id: key,
      tone: 'danger',
      title: `${orders(unknown)} with an unknown outcome`,
      detail: 'No answer came. Check your open orders at the service before sending again; the proxy never resends on its own.',
      timeoutMs: 0,
    };
  }
  if (accepted === rows.length) {
    return { id: key, tone: 'success', title: `${rows.length === 1 ? 'Order' : `All ${rows.length} orders`} accepted`, timeoutMs: 5000 };
  }
  if (failed === rows.length) {
    return { id: key, tone: 'error', title: `Ticket failed: ${orders(failed)} not placed`, detail: message ?? rows[0]?.error_message ?? undefined, timeoutMs: 0 };
  }
  const which = rejected
    .slice(0, 3)
    .map((row) => `#${row.seq + 1} ${row.symbol}: ${row.error_message ?? 'rejected'}`)
    .join('; ');
  const more = rejected.length > 3 ? ` and ${rejected.length - 3} more` : '';
  return {
    id: key,
    tone: 'warning',
    title: `${accepted} accepted, ${rejected.length} rejected${failed ? `, ${failed} not placed` : ''}`,
    detail: `${which}${more}`,
    timeoutMs: 12_000,
  };
}
