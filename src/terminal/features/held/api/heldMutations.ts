import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  ACCOUNT_HEADER,
  awaitingApprovalResponseSchema,
  bracketResponseSchema,
  heldOrderResponseSchema,
  heldOrdersPageSchema,
  IDEMPOTENCY_HEADER,
  type Approval,
  type BracketRequest,
  type HeldOrder,
  type HeldOrderPatch,
  type HeldOrderRequest,
} from '@/interface';
import { ApiError, postJson, sendJson } from '@/terminal/shared/api/http';
import { heldKeys } from './keys';
import { showHeldOrder } from './heldQuery';

const path = (id: string) => `/api/held-orders/${encodeURIComponent(id)}`;

/** The idempotency key, and on a desk the account it is armed on (absent: the person's first). */
const armHeaders = (key: string, account: string | undefined) => ({ [IDEMPOTENCY_HEADER]: key, ...(account === undefined ? {} : { [ACCOUNT_HEADER]: account }) });

/** On a desk, an order over the author's approval threshold is journaled awaiting approval (202), not armed. */
export type AwaitingApproval = { approval: Approval };

/** Arms a held order; the same key never arms twice (a retry after no answer is safe). */
export async function armHeldOrder(request: HeldOrderRequest, key: string, account?: string): Promise<HeldOrder | AwaitingApproval> {
  const schema = z.union([heldOrderResponseSchema, awaitingApprovalResponseSchema]);
  return (await postJson('/api/held-orders', request, schema, armHeaders(key, account))).data;
}

/** Sends a bracket's entry now and holds its exits until the entry is accepted. */
export async function sendBracket(request: BracketRequest, key: string, account?: string) {
  const schema = z.union([bracketResponseSchema, awaitingApprovalResponseSchema]);
  return (await postJson('/api/brackets', request, schema, armHeaders(key, account))).data;
}

export async function modifyHeldOrder(id: string, patch: HeldOrderPatch): Promise<HeldOrder> {
  return (await sendJson('PATCH', path(id), patch, heldOrderResponseSchema)).data;
}

/**
 * Cancels one. A fire that the journal committed first wins: the 409's message says "already
 * fired: order …" and is thrown as an ApiError with it, its body holding the fired order.
 */
export async function cancelHeldOrder(id: string): Promise<HeldOrder> {
  return (await sendJson('DELETE', path(id), undefined, heldOrderResponseSchema)).data;
}

/** Cancels every live held order of a market, or of every market without one. */
export async function cancelAllHeld(symbol?: string): Promise<HeldOrder[]> {
  const query = symbol ? `?symbol=${encodeURIComponent(symbol)}` : '';
  return (await sendJson('DELETE', `/api/held-orders${query}`, undefined, heldOrdersPageSchema)).data.rows;
}

/** The settled order a 409 carries (a cancel or modify that lost to a fire), if any. */
export function settledOf(error: unknown): HeldOrder | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const parsed = heldOrderResponseSchema.shape.data.safeParse((error.body as { data?: unknown } | undefined)?.data);
  return parsed.success ? parsed.data : undefined;
}

/** Cancel, cancel all and modify, each showing its answer in the list at once. */
export function useHeldActions() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: heldKeys.list() });
  const cancel = useMutation({
    mutationFn: cancelHeldOrder,
    onSuccess: (order) => showHeldOrder(client, order),
    onError: (error) => {
      const settled = settledOf(error);
      if (settled) showHeldOrder(client, settled);
    },
    onSettled: refresh,
  });
  const cancelAll = useMutation({ mutationFn: cancelAllHeld, onSettled: refresh });
  const modify = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: HeldOrderPatch }) => modifyHeldOrder(id, patch),
    onSuccess: (order) => showHeldOrder(client, order),
    onSettled: refresh,
  });
  return { cancel, cancelAll, modify };
}
