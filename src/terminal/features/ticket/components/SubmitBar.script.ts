import { useState } from 'react';
import type { Duration } from '@/interface';
import { useRecoverPendingTicket } from '../api/recoverPending';
import { useSubmitTicket } from '../api/submitTicket';
import type { TicketCheck } from '../model/checkTicket';
import { needsConfirmation, submitNotice } from '../model/submit';
import { useConfirmSettings, usePendingTicket, useTicketActions } from '../store';

/**
 * The send button's logic: send at most once, ask first when the trader's settings say so, and
 * say what stands in the way. The view renders what this returns.
 */
export function useSubmitBar(check: TicketCheck, durations: readonly Duration[]) {
  const actions = useTicketActions();
  const pending = usePendingTicket();
  const settings = useConfirmSettings();
  const mutation = useSubmitTicket();
  const [confirming, setConfirming] = useState(false);
  useRecoverPendingTicket(durations);
  const sending = mutation.isPending;
  const blocked = check.blockers.length > 0;

  const send = () => {
    setConfirming(false);
    if (blocked || mutation.isPending) return;
    const ticket = actions.beginSubmission(check.orders);
    mutation.mutate(ticket, { onSuccess: (outcome) => actions.finishSubmission(outcome, durations) });
  };
  const submit = () => {
    if (blocked || sending) return;
    if (needsConfirmation(check.summary, settings)) setConfirming(true);
    else send();
  };

  return {
    summary: check.summary,
    blockers: check.blockers,
    blocked,
    sending,
    error: mutation.error,
    notice: submitNotice({ blocked, failed: Boolean(mutation.error), pending: Boolean(pending), sending }),
    /** The ticket on its way, when its requests are worth a progress line. */
    progressKey: sending && pending && check.summary.requests > 1 ? pending.key : undefined,
    confirming,
    submit,
    send,
    cancel: () => setConfirming(false),
  };
}
