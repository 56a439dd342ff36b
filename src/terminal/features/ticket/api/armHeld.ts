import { useMutation } from '@tanstack/react-query';
import { limitRefusalSchema, type Approval, type BracketRequest, type HeldOrder, type HeldOrderRequest, type TicketResult } from '@/interface';
import { ApiError } from '@/terminal/shared/api/http';
import { useTicketStore, type ArmOutcome, type PendingArm } from '../store';
import { ticketKeys } from './keys';

/**
 * How the ticket reaches the held orders (the held feature's api, composed by the app): arm one,
 * send a bracket, and show what was armed in the held list at once.
 */
export interface HeldSender {
  /** `account`: the desk account (the x-account header); none, the person's first. */
  arm(request: HeldOrderRequest, key: string, account?: string): Promise<HeldOrder | Awaiting>;
  bracket(request: BracketRequest, key: string, account?: string): Promise<{ ticket: TicketResult; exits: HeldOrder[] } | Awaiting>;
  armed(orders: HeldOrder[]): void;
}

/** A desk's answer to an order over the author's approval threshold: journaled, nothing armed yet. */
type Awaiting = { approval: Approval };

/**
 * Arms a held order (POST /api/held-orders) or sends a bracket (POST /api/brackets) under the
 * pending key. A refusal (4xx) is an outcome with the proxy's words, which name the field; no
 * answer, or a 5xx that may have come after the journal took it, is thrown: the pending request
 * stays and sending it again reuses its key, so it is never armed twice.
 */
export async function postArm(sender: HeldSender, { key, request, account }: PendingArm): Promise<ArmOutcome> {
  try {
    if (request.kind === 'held') {
      const order = await sender.arm(request.body, key, account);
      return 'approval' in order ? { key, mode: 'held', awaiting: order.approval } : { key, mode: 'held', order };
    }
    const bracket = await sender.bracket(request.body, key, account);
    return 'approval' in bracket ? { key, mode: 'bracket', awaiting: bracket.approval } : { key, mode: 'bracket', bracket };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === null || error.status >= 500 || error.status === 200) throw error;
    const overLimit = error.status === 403 ? limitRefusalSchema.safeParse(error.body) : undefined;
    return { key, mode: request.kind, message: error.message, ...(overLimit?.success ? { limits: overLimit.data.limits } : {}) };
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
