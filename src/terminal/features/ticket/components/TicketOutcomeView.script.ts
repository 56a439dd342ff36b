import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { useMay } from '@/terminal/shared/person';
import { useToastActions } from '@/terminal/shared/ui/toast/toastStore';
import { useSubmitTicket } from '../api/useSubmitTicket';
import { messageFor, messagesOf } from '../messages';
import { checkTicket, type TicketCheck } from '../model/checkTicket';
import { outcomeTone, retryableRows, retryDrafts, statusCounts } from '../model/outcome';
import type { TicketContext } from '../model/types';
import { useTicketActions, useTicketOutcome } from '../store';

/**
 * The last ticket's result as the view shows it: its refused orders put back in the ticket
 * (Retry), or the whole ticket sent again as a repeat, confirmed first, with fresh client order
 * ids and without passing through the ticket: nothing sent comes back into it on its own.
 */
export function useTicketOutcomeView(context: TicketContext, account?: string) {
  const { durations } = context;
  const outcome = useTicketOutcome();
  const actions = useTicketActions();
  const toasts = useToastActions();
  const mutation = useSubmitTicket(durations);
  const [repeat, setRepeat] = useState<TicketCheck | null>(null);
  // A repeat goes to the account the ticket is on now, and only for a person who may trade it.
  const permission = useMay('trade', account);
  const rows = outcome?.result?.rows ?? [];
  const retryable = retryableRows(rows);
  /** Puts orders of the result back in the ticket as new rows with fresh client ids; a row that cannot come back is said. */
  const putBack = (chosen: typeof rows) => {
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
    actions.replaceRows(drafts);
    actions.setTool('order');
    actions.dismissOutcome();
  };
  /** The same orders checked anew against the markets of now; said, not asked, when they cannot go. */
  const askRepeat = () => {
    if (!outcome || !permission.allowed) return;
    const { drafts, skipped } = retryDrafts(rows, durations);
    const check = checkTicket(drafts, context);
    const problems = [
      ...skipped,
      ...check.rows.flatMap((row, index) => Object.values(messagesOf(row.issues)).map((words) => `#${index + 1}: ${words}`)),
      ...check.blockers.map(messageFor),
    ];
    if (skipped.length > 0 || check.blockers.length > 0) {
      toasts.push({
        id: `repeat-${outcome.key}-${Date.now()}`,
        tone: 'warning',
        title: t`The same orders cannot be sent again as they are`,
        detail: problems.join('\n'),
        timeoutMs: 0,
      });
      return;
    }
    setRepeat(check);
  };
  return {
    outcome,
    rows,
    counts: statusCounts(rows),
    tone: outcomeTone(outcome?.result),
    retryable: retryable.length,
    allRejected: retryable.every((row) => row.status === 'rejected'),
    retry: () => putBack(retryable),
    /** The whole ticket again: confirmed as a repeat, sent with fresh client order ids. */
    sendAgain: askRepeat,
    repeat,
    refusal: permission.reason,
    confirmRepeat: () => {
      if (!repeat || !permission.allowed) return;
      setRepeat(null);
      mutation.mutate(actions.beginSubmission(repeat.orders, account));
    },
    cancelRepeat: () => setRepeat(null),
    dismiss: actions.dismissOutcome,
  };
}
