import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Duration } from '@/interface';
import { useRecoverPendingTicket } from '../api/recoverPending';
import { useSubmitTicket } from '../api/submitTicket';
import type { TicketCheck } from '../model/checkTicket';
import { needsConfirmation, submitNotice } from '../model/submit';
import { rememberSentMarks } from '../sentMarks';
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
    rememberSentMarks(ticket.key, check);
    mutation.mutate(ticket, { onSuccess: (outcome) => actions.finishSubmission(outcome, durations) });
  };
  const submit = () => {
    if (blocked) actions.attemptSend();
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

/** Inputs where Enter means "send": typed fields, not buttons or radios. */
const TYPED = new Set(['text', 'search', 'number', '']);

/**
 * Enter in one of the ticket's fields sends it, under the same confirmation rules as the button:
 * the only key that sends, and only from inside the ticket. `ref` is an element inside the form.
 */
export function useEnterSends(ref: RefObject<HTMLElement | null>, submit: () => void): void {
  const latest = useRef(submit);
  useEffect(() => {
    latest.current = submit;
  });
  useEffect(() => {
    const form = ref.current?.closest('.ticket__form');
    if (!form) return;
    const onKey = (event: Event) => {
      const { key, target, isComposing } = event as KeyboardEvent;
      if (key !== 'Enter' || isComposing || event.defaultPrevented || !(target instanceof HTMLInputElement) || !TYPED.has(target.type)) return;
      // The order's own fields only: Enter in the ladder or the ticket's settings is not a send.
      if (!target.closest('.ticket__editor')) return;
      event.preventDefault();
      latest.current();
    };
    form.addEventListener('keydown', onKey);
    return () => form.removeEventListener('keydown', onKey);
  }, [ref]);
}
