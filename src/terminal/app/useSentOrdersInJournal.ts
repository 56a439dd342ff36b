import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showOrdersInJournal } from '../features/orders';
import { subscribeToTicketResults } from '../features/ticket';

/**
 * A sent ticket's orders appear in the orders tables with its toast, from the send's answer,
 * instead of at the journal's next poll. The app joins the two features: neither knows the other.
 */
export function useSentOrdersInJournal(): void {
  const client = useQueryClient();
  useEffect(() => subscribeToTicketResults((result) => showOrdersInJournal(client, result.rows)), [client]);
}
