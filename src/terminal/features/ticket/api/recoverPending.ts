import { t } from '@lingui/core/macro';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Duration } from '@/interface';
import { usePendingTicket, useTicketActions } from '../store';
import { ticketKeys } from './keys';
import { isYoung, pendingTicketQueryOptions } from './ticketQuery';

/**
 * A ticket that was on its way when the page reloaded (or whose answer was lost) is looked up in
 * the journal instead of being sent again: its result is shown when it has one, and a ticket the
 * proxy never got is reported as not sent. While a send runs, its own answer decides.
 */
export function useRecoverPendingTicket(durations: readonly Duration[]) {
  const pending = usePendingTicket();
  const actions = useTicketActions();
  const sending = useIsMutating({ mutationKey: ticketKeys.send() }) > 0;
  const key = pending?.key;
  const { data, isSuccess, isFetching } = useQuery(
    pendingTicketQueryOptions(key ?? '', key !== undefined && !sending, pending?.startedAt),
  );

  useEffect(() => {
    // Only a settled, fresh look decides: one taken before the last send settled is being redone.
    if (!key || sending || !isSuccess || isFetching) return;
    if (data === null) {
      // Perhaps still on its way from another tab: the next look decides.
      if (pending && isYoung(pending.startedAt)) return;
      actions.finishSubmission(
        { key, message: t`The last ticket never reached the proxy, so nothing was sent. Send it again when ready.` },
        durations,
      );
    } else if (data.status !== 'sending') {
      actions.finishSubmission({ key, result: data }, durations);
    }
  }, [key, pending, sending, isSuccess, isFetching, data, actions, durations]);
}
