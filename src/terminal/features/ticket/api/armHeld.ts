import { useMutation } from '@tanstack/react-query';
import type { BracketRequest, HeldOrder, HeldOrderRequest, TicketResult } from '@/interface';
import { ApiError } from '@/terminal/shared/api/http';
import { useTicketStore, type ArmOutcome, type PendingArm } from '../store';
import { ticketKeys } from './keys';

/**
 * How the ticket reaches the held orders (the held feature's api, composed by the app): arm one,
 * send a bracket, and show what was armed in the held list at once.
 */
export interface HeldSender {
  /** `account`: the desk account (the x-account header); none, the person's first. */
  arm(request: HeldOrderRequest, key: string, account?: string): Promise<HeldOrder>;
  bracket(request: BracketRequest, key: string, account?: string): Promise<{ ticket: TicketResult; exits: HeldOrder[] }>;
  armed(orders: HeldOrder[]): void;
}

/**
 * Arms a held order (POST /api/held-orders) or sends a bracket (POST /api/brackets) under the
 * pending key. A refusal (4xx) is an outcome with the proxy's words, which name the field; no
 * answer, or a 5xx that may have come after the journal took it, is thrown: the pending request
 * stays and sending it again reuses its key, so it is never armed twice.
 */
export async function postArm(sender: HeldSender, { key, request, account }: PendingArm): Promise<ArmOutcome> {
  try {
    if (request.kind === 'held') return { key, mode: 'held', order: await sender.arm(request.body, key, account) };
    return { key, mode: 'bracket', bracket: await sender.bracket(request.body, key, account) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === null || error.status >= 500 || error.status === 200) throw error;
    return { key, mode: request.kind, message: error.message };
  }
}

/** The ticket's arming, its answer taken on the mutation itself (as a ticket's send, so a closed panel misses nothing). */
export function useArmHeld(sender: HeldSender | undefined) {
  return useMutation({
    mutationKey: ticketKeys.arm(),
    mutationFn: (pending: PendingArm) => {
      if (!sender) throw new Error('held orders are not available here');
      return postArm(sender, pending);
    },
    onSuccess: (outcome) => {
      useTicketStore.getState().actions.finishArm(outcome);
      const orders = [outcome.order, ...(outcome.bracket?.exits ?? [])].filter((order) => order !== undefined);
      if (orders.length > 0) sender?.armed(orders);
    },
  });
}
