import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { ticketKeys } from '../api/keys';
import type { Duration } from '@/interface';
import { useSubmitTicket } from '../api/useSubmitTicket';
import type { TicketCheck } from '../model/checkTicket';
import type { DraftRow } from '../model/types';
import { needsConfirmation, submitNotice } from '../model/submit';
import { rememberSentMarks } from '../sentMarks';
import { useMay } from '@/terminal/shared/person';
import { useConfirmSettings, usePendingTicket, useTicketActions, useTicketStore } from '../store';
import type { TicketAccount } from './TicketAccount.script';

/**
 * The send button's logic: send at most once, ask first when the trader's settings say so, and
 * say what stands in the way. The view renders what this returns.
 */
export function useSubmitBar(check: TicketCheck, durations: readonly Duration[], account?: TicketAccount) {
  const actions = useTicketActions();
  const pending = usePendingTicket();
  const settings = useConfirmSettings();
  const mutation = useSubmitTicket(durations);
  // The ticket as the confirmation showed it: what the trader agreed to is what goes, though the
  // mark (and a market order's bound with it) moves while the question is open.
  const [confirming, setConfirming] = useState<TicketCheck | null>(null);
  // The rows as the confirmation showed them: one changed meanwhile (in another tab) is an edit
  // the trader made, which stays in the ticket once these orders have gone.
  const agreedRows = useRef<readonly DraftRow[]>([]);
  // A send from anywhere (Send again in the result) holds this button too: one ticket at a time.
  const sending = useIsMutating({ mutationKey: ticketKeys.send() }) > 0 || mutation.isPending;
  const blocked = check.blockers.length > 0;
  // A role that may not trade (a desk's viewer, or an account not theirs) sees why before any 403.
  const permission = useMay('trade', account?.name);
  const refused = !permission.allowed;

  const sendChecked = (agreed: TicketCheck) => {
    setConfirming(null);
    if (agreed.blockers.length > 0 || sending || refused) return;
    const ticket = actions.beginSubmission(agreed.orders, account?.name, agreedRows.current);
    rememberSentMarks(ticket.key, agreed);
    mutation.mutate(ticket);
  };
  const submit = () => {
    if (refused) return;
    if (blocked) actions.attemptSend();
    if (blocked || sending) return;
    agreedRows.current = useTicketStore.getState().rows;
    if (needsConfirmation(check.summary, settings)) setConfirming(check);
    else sendChecked(check);
  };

  return {
    summary: check.summary,
    blockers: check.blockers,
    blocked,
    sending,
    /** Why this person may not send at all, when they may not. */
    refusal: permission.reason,
    error: mutation.error,
    notice: submitNotice({ blocked, failed: Boolean(mutation.error), pending: Boolean(pending), sending }),
    /** The ticket on its way, when its requests are worth a progress line. */
    progressKey: sending && pending && check.summary.requests > 1 ? pending.key : undefined,
    /** The ticket the open confirmation shows, held as it was when asked. */
    confirming,
    submit,
    send: () => confirming && sendChecked(confirming),
    cancel: () => setConfirming(null),
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
      // The order's own fields only: Enter in the ladder, the paste or the ticket's settings is not
      // a send (the ladder's editor looks like the order's: once it sent the order behind it).
      if (!target.closest('[data-enter-sends]')) return;
      event.preventDefault();
      latest.current();
    };
    form.addEventListener('keydown', onKey);
    return () => form.removeEventListener('keydown', onKey);
  }, [ref]);
}

/**
 * The send bar sticks to the foot of the ticket's scrolling box, over what scrolls under it: the box
 * keeps the bar's height (and a gap) clear at its foot when it scrolls a field into view, so that a
 * field reached with Tab lands above the bar, never under it. Measured, as the bar's height varies
 * with its lines (one per market and side of a batch, the progress, the reason it cannot send).
 */
export function useClearOfSendBar(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const bar = ref.current;
    const box = bar?.closest<HTMLElement>('.ticket');
    if (!bar || !box || typeof ResizeObserver === 'undefined') return;
    const keepClear = () => box.style.setProperty('scroll-padding-bottom', `calc(${Math.ceil(bar.getBoundingClientRect().height)}px + var(--space-4))`);
    const observer = new ResizeObserver(keepClear);
    observer.observe(bar);
    keepClear();
    return () => {
      observer.disconnect();
      box.style.removeProperty('scroll-padding-bottom');
    };
  }, [ref]);
}
