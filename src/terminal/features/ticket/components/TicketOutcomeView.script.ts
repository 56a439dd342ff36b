import { plural } from '@lingui/core/macro';
import type { Duration } from '@/interface';
import { useToastActions } from '@/terminal/shared/ui/toast/toastStore';
import { outcomeTone, retryableRows, retryDrafts, statusCounts } from '../model/outcome';
import { useTicketActions, useTicketOutcome } from '../store';

/** The last ticket's result as the view shows it, and putting its refused orders back in the ticket. */
export function useTicketOutcomeView(durations: readonly Duration[]) {
  const outcome = useTicketOutcome();
  const actions = useTicketActions();
  const toasts = useToastActions();
  const rows = outcome?.result?.rows ?? [];
  const retryable = retryableRows(rows);
  /** Puts orders of the result back in the ticket as new rows with fresh client ids; a row that cannot come back is said. */
  const putBack = (chosen: typeof rows, append: boolean) => {
    if (!outcome) return;
    const { drafts, skipped } = retryDrafts(chosen, durations);
    const skippedCount = skipped.length;
    const chosenCount = chosen.length;
    if (skippedCount > 0) {
      toasts.push({
        id: `retry-${outcome.key}-${skipped.length}`,
        tone: 'warning',
        title: plural(chosenCount, {
          one: `${skippedCount} of # order could not be put back in the ticket`,
          other: `${skippedCount} of # orders could not be put back in the ticket`,
        }),
        detail: skipped.join('\n'),
        timeoutMs: 0,
      });
    }
    if (drafts.length === 0) return;
    if (append) actions.appendRows(drafts);
    else actions.replaceRows(drafts);
    actions.setTool('order');
    actions.dismissOutcome();
  };
  return {
    outcome,
    rows,
    counts: statusCounts(rows),
    tone: outcomeTone(outcome?.result),
    retryable: retryable.length,
    allRejected: retryable.every((row) => row.status === 'rejected'),
    retry: () => putBack(retryable, false),
    /** The whole ticket again, added to what is being drafted. */
    sendAgain: () => putBack(rows, true),
    dismiss: actions.dismissOutcome,
  };
}
