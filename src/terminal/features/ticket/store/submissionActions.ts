import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import { newTicketKey } from '../model/ids';
import { outcomeToast } from '../model/outcomeToast';
import { copyDraftRow, newDraftRow } from '../model/rows';
import type { GetTicket, SetTicket, SubmissionActions } from './state';

export function submissionActions(set: SetTicket, get: GetTicket): SubmissionActions {
  return {
    beginSubmission(orders) {
      const current = get().pending;
      if (current && JSON.stringify(current.orders) === JSON.stringify(orders)) return current;
      const pending = { key: newTicketKey(), orders, recvWindow: get().recvWindow, startedAt: Date.now() };
      set({ pending, outcome: null });
      return pending;
    },
    finishSubmission(outcome, durations) {
      const { pending, rows } = get();
      if (!pending || pending.key !== outcome.key) return;
      useToastStore.getState().actions.push(outcomeToast(outcome.key, outcome.result, outcome.message));
      const allAccepted =
        outcome.result !== undefined && outcome.result.rows.every((row) => row.status === 'accepted');
      if (allAccepted) {
        // Done, the draft is cleared. A one-order ticket keeps its market, side, type and price
        // (an order form stays on its market) but not its size, so the same order is never
        // sent twice by a second click: a new order needs a new size.
        const next = rows.length === 1 && rows[0]
          ? [{ ...copyDraftRow(rows[0]), size: '', visibleQuantity: '' }]
          : [newDraftRow(durations, rows[0]?.symbol ?? '')];
        set({ pending: null, outcome, rows: next, activeRowId: next[0]?.id ?? '' });
      } else {
        set({ pending: null, outcome });
      }
    },
    dismissOutcome() {
      set({ outcome: null });
    },
  };
}
