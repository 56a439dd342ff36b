import { useIsMutating } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Duration } from '../../../../interface';
import { usePendingTicket, useTicketActions } from '../store';
import { fetchTicket } from './submitTicket';

/**
 * A ticket that was on its way when the page reloaded (or whose answer was lost) is looked up in
 * the journal instead of being sent again: its result is shown when it has one, and a ticket the
 * proxy never got is reported as not sent.
 */
export function useRecoverPendingTicket(durations: readonly Duration[]) {
  const pending = usePendingTicket();
  const actions = useTicketActions();
  const sending = useIsMutating({ mutationKey: ['ticket'] }) > 0;
  const key = pending?.key;

  useEffect(() => {
    if (!key || sending) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      let result;
      try {
        result = await fetchTicket(key);
      } catch {
        if (!cancelled) timer = setTimeout(look, 2000);
        return;
      }
      if (cancelled) return;
      if (!result) {
        actions.finishSubmission(
          { key, message: 'The last ticket never reached the proxy, so nothing was sent. Send it again when ready.' },
          durations,
        );
      } else if (result.status === 'sending') {
        timer = setTimeout(look, 1000);
      } else {
        actions.finishSubmission({ key, result }, durations);
      }
    };
    void look();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [key, sending, actions, durations]);
}
