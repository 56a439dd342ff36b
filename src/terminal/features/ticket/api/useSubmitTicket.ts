import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Duration } from '@/interface';
import { personKeys } from '@/terminal/shared/person';
import { useTicketStore } from '../store';
import { ticketKeys } from './keys';
import { postTicket } from './submitTicket';

/**
 * Sends a ticket (the submission carries its idempotency key). Its outcome is taken here, on the
 * mutation itself, not in a `mutate` callback of the view: those are skipped once the view is gone
 * (a switch to a layout without the ticket), and the outcome would wait for the panel to return.
 */
export function useSubmitTicket(durations: readonly Duration[]) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ticketKeys.send(),
    mutationFn: postTicket,
    onSuccess: (outcome) => useTicketStore.getState().actions.finishSubmission(outcome, durations),
    // What the journal said of the ticket before its send settled is out of date: a lookup after a
    // lost answer reads it again. Nothing is refetched here, so the answer is not held up.
    onSettled: (_outcome, _error, ticket) => {
      void client.invalidateQueries({ queryKey: ticketKeys.journal(ticket.key), refetchType: 'none' });
      // On a desk, what today has used of the limits moved: the figures shown are read again.
      void client.invalidateQueries({ queryKey: personKeys.deskMe() });
    },
  });
}
