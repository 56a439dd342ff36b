import type { OrderRequest } from '@/interface';
import { plainNumber } from '@/terminal/shared/format/number';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import type { DraftRow, LastSent } from '../model/types';
import { newTicketKey } from '../model/ids';
import { deskOutcomeToast, outcomeToast } from '../model/outcomeToast';
import { copyDraftRow, newDraftRow } from '../model/rows';
import type { GetTicket, SetTicket, SubmissionActions } from './state';

/** The price and quantity of the last order of each market in `orders`, as decimal text. */
function lastSentOf(orders: readonly OrderRequest[]): Record<string, LastSent> {
  const last: Record<string, LastSent> = {};
  for (const order of orders) {
    const previous = last[order.symbol] ?? {};
    last[order.symbol] = {
      price: order.order_price !== undefined ? plainNumber(order.order_price) : previous.price,
      quantity: order.order_quantity !== undefined ? plainNumber(order.order_quantity) : previous.quantity,
    };
  }
  return last;
}

/**
 * The rows as they were when each ticket went, by its key (in memory: after a reload the rows
 * leave by their ids, as before). A row changed while its ticket was on its way (in another tab)
 * is an edit the trader made: it stays, as a new order.
 */
const rowsAsSent = new Map<string, Map<string, string>>();
const rowText = ({ id: _id, ...row }: DraftRow) => JSON.stringify(row);

export function submissionActions(set: SetTicket, get: GetTicket): SubmissionActions {
  return {
    beginSubmission(orders, account, agreed = get().rows) {
      const current = get().pending;
      // The same orders to another account are another ticket: a new key.
      if (current && current.account === account && JSON.stringify(current.orders) === JSON.stringify(orders)) return current;
      const pending = { key: newTicketKey(), orders, recvWindow: get().recvWindow, startedAt: Date.now(), ...(account === undefined ? {} : { account }) };
      const ids = new Set(orders.map((order) => order.client_order_id ?? ''));
      rowsAsSent.set(pending.key, new Map(agreed.filter((row) => ids.has(row.clientOrderId.trim())).map((row) => [row.clientOrderId.trim(), rowText(row)])));
      set({ pending, outcome: null, attempted: false, refusedFields: [], lastSent: { ...get().lastSent, ...lastSentOf(orders) } });
      return pending;
    },
    attemptSend() {
      set({ attempted: true });
    },
    finishSubmission(outcome, durations) {
      const { pending, rows } = get();
      if (!pending || pending.key !== outcome.key) return;
      const asSent = rowsAsSent.get(pending.key);
      rowsAsSent.delete(pending.key);
      const desk = deskOutcomeToast(outcome.key, outcome.awaiting?.id, outcome.limits?.length);
      useToastStore.getState().actions.push(desk ?? outcomeToast(outcome.key, outcome.result, outcome.message));
      if (!outcome.result && !outcome.awaiting) {
        // No result: nothing is known to be placed; the rows stay to be sent again safely. (A
        // ticket awaiting approval is journaled and sent once approved: its rows leave, as sent.)
        set({ pending: null, outcome });
        return;
      }
      // The sent rows leave the ticket: they live in the result and the journal now, and a
      // refused one comes back through Retry. Rows added while it was on its way stay.
      const sentIds = new Set(pending.orders.map((order) => order.client_order_id ?? ''));
      const changedSince = (row: DraftRow) => asSent?.has(row.clientOrderId.trim()) === true && asSent.get(row.clientOrderId.trim()) !== rowText(row);
      const left = rows
        .filter((row) => !sentIds.has(row.clientOrderId.trim()) || changedSince(row))
        .map((row) => (sentIds.has(row.clientOrderId.trim()) ? copyDraftRow(row) : row));
      if (left.length > 0) {
        const activeRowId = left.some((row) => row.id === get().activeRowId) ? get().activeRowId : (left[0]?.id ?? '');
        set({ pending: null, outcome, rows: left, activeRowId });
        return;
      }
      // A one-order ticket keeps its market, side, type and price (an order form stays on its
      // market) but not its size, so the same order is never sent twice by a second click.
      const next = rows.length === 1 && rows[0]
        ? [{ ...copyDraftRow(rows[0]), size: '', visibleQuantity: '' }]
        : [newDraftRow(durations, rows[0]?.symbol ?? '')];
      set({ pending: null, outcome, rows: next, activeRowId: next[0]?.id ?? '' });
    },
    dismissOutcome() {
      set({ outcome: null });
    },
  };
}
