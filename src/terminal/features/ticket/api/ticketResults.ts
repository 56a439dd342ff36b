import type { TicketResult } from '@/interface';
import { useTicketStore } from '../store';

/**
 * Calls `listener` with every ticket result as it arrives (a send's answer, or one found after a
 * lost answer), in the same moment its toast is pushed: whoever shows orders can show these at
 * once, without waiting for its next poll. Returns the unsubscribe.
 */
export function subscribeToTicketResults(listener: (result: TicketResult) => void): () => void {
  return useTicketStore.subscribe((state, before) => {
    const result = state.outcome?.result;
    if (result && state.outcome !== before.outcome) listener(result);
  });
}
