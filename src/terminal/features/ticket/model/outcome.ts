import { t } from '@lingui/core/macro';
import type { Duration, JournalOrder, TicketResult } from '@/interface';
import { draftFromOrder } from './rows';
import type { DraftRow } from './types';
// The reasons are words: they need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

type Status = JournalOrder['status'];
type ResultRow = TicketResult['rows'][number];

/** The order statuses in the order the result names them. */
export const statusOrder: readonly Status[] = ['pending', 'sent', 'accepted', 'rejected', 'failed', 'unknown'];

/** How many orders of the ticket ended in each status, in statusOrder. */
export function statusCounts(rows: readonly ResultRow[]): [Status, number][] {
  return statusOrder
    .map((status): [Status, number] => [status, rows.filter((row) => row.status === status).length])
    .filter(([, count]) => count > 0);
}

/** All accepted is good news; partial or unknown is a warning; anything else is bad. */
export function outcomeTone(result: TicketResult | undefined): 'ok' | 'warn' | 'bad' {
  const status = result?.status;
  return status === 'accepted' ? 'ok' : status === 'unknown' || status === 'partial' ? 'warn' : 'bad';
}

/** Orders the trader can send again: those the service refused or the proxy knows were not placed. */
export const retryableRows = (rows: readonly ResultRow[]) => rows.filter((row) => row.status === 'rejected' || row.status === 'failed');

/** Rows for the orders to retry, and for each that cannot come back, its number, market and why. */
export function retryDrafts(rows: readonly ResultRow[], durations: readonly Duration[]): { drafts: DraftRow[]; skipped: string[] } {
  const drafts: DraftRow[] = [];
  const skipped: string[] = [];
  for (const row of rows) {
    const draft = draftFromOrder(row, durations);
    if ('reason' in draft) {
      const order = row.seq + 1;
      const { symbol } = row;
      const { reason } = draft;
      skipped.push(t`#${order} ${symbol}: ${reason}`);
    } else drafts.push(draft);
  }
  return { drafts, skipped };
}
