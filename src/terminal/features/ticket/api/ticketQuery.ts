import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketResult } from '@/interface';
import { ticketKeys } from './keys';
import { fetchTicket } from './submitTicket';

/** While a long ticket goes out, how often its progress is read from the journal. */
export const PROGRESS_POLL_MS = 400;
/** A ticket the journal still shows as sending is looked at again after this long… */
export const RECHECK_SENDING_MS = 1000;
/** …and a look that failed (the proxy is restarting, the network broke) is tried again after this. */
export const RETRY_LOOKUP_MS = 2000;
/**
 * A ticket younger than this that the proxy does not know yet may still be on its way from another
 * tab (tabs share the saved ticket): it is looked at again before being called never sent.
 */
export const NOT_YET_ARRIVED_MS = 5000;

export const isYoung = (startedAt: number, now = Date.now()) => now - startedAt < NOT_YET_ARRIVED_MS;

/** The journal's view of a ticket; null when the proxy never got it (a query's data is never undefined). */
async function lookUpTicket(ticketKey: string): Promise<TicketResult | null> {
  return (await fetchTicket(ticketKey)) ?? null;
}

export const ticketProgressQueryOptions = (ticketKey: string) =>
  queryOptions({
    queryKey: ticketKeys.progress(ticketKey),
    queryFn: () => lookUpTicket(ticketKey),
    refetchInterval: PROGRESS_POLL_MS,
    retry: false,
  });

/** How far a ticket on its way got, request by request. */
export function useTicketProgress(ticketKey: string) {
  return useQuery(ticketProgressQueryOptions(ticketKey));
}

/**
 * The outcome of a pending ticket, polled until it has one: a ticket still sending is looked at
 * again, a failed look is tried again, and polling stops once the journal has the outcome (or
 * says the proxy never got the ticket). It keeps polling in a hidden tab: the trader needs the
 * answer when they come back, not a look that starts only then.
 */
export const pendingTicketQueryOptions = (ticketKey: string, enabled: boolean, startedAt = 0) =>
  queryOptions({
    queryKey: ticketKeys.recovery(ticketKey),
    queryFn: () => lookUpTicket(ticketKey),
    enabled,
    retry: false,
    refetchInterval: (query) => {
      if (query.state.status === 'error') return RETRY_LOOKUP_MS;
      const data = query.state.data;
      if (data?.status === 'sending') return RECHECK_SENDING_MS;
      return data === null && isYoung(startedAt) ? RECHECK_SENDING_MS : false;
    },
    refetchIntervalInBackground: true,
  });
