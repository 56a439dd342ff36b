import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { deskLimitsResponseSchema, limitSetSchema, type LimitSet } from '@/interface';
import { getJson, sendJson } from '@/terminal/shared/api/http';
import { deskKeys } from './keys';

export type LimitScope = 'user' | 'account';

export async function fetchDeskLimits(signal?: AbortSignal) {
  return (await getJson('/api/desk/limits', deskLimitsResponseSchema, signal)).data;
}

export const deskLimitsQueryOptions = (intervalMs: number, enabled = true) =>
  queryOptions({
    queryKey: deskKeys.limits(),
    queryFn: ({ signal }) => fetchDeskLimits(signal),
    refetchInterval: intervalMs,
    enabled,
    retry: false,
  });

/** Every user and account with its limits and what today has used, polled while the panel is shown. */
export function useDeskLimits(intervalMs: number, enabled = true) {
  return useQuery(deskLimitsQueryOptions(intervalMs, enabled));
}

/** The PUT's answer: the proxy's envelope; the list is read again after it. */
const putAnswerSchema = z.object({ success: z.literal(true), data: z.optional(z.unknown()), timestamp: z.int() });

/** Replaces the whole limit set of a user or account (an absent key lifts that limit). */
export async function putLimits(scope: LimitScope, name: string, limits: LimitSet): Promise<void> {
  // The body is checked as the proxy will check it: a bad value is named before anything is sent.
  const body = limitSetSchema.parse(limits);
  await sendJson('PUT', `/api/desk/limits/${scope}/${encodeURIComponent(name)}`, body, putAnswerSchema);
}

export function useLimitsChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ scope, name, limits }: { scope: LimitScope; name: string; limits: LimitSet }) => putLimits(scope, name, limits),
    onSettled: () => void client.invalidateQueries({ queryKey: deskKeys.limits() }),
  });
}
