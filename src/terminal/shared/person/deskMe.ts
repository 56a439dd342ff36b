import { queryOptions, useQuery } from '@tanstack/react-query';
import { deskMeResponseSchema, type DeskMe } from '@/interface';
import { ApiError, getJson } from '@/terminal/shared/api/http';
import { personKeys, usePerson } from './sessionQuery';

/** How often the limits' use of today is read again while a ticket is open. */
export const DESK_ME_INTERVAL_MS = 15_000;

/** My accounts, limits and today's use; null from a proxy that has no desk routes (404). */
export async function fetchDeskMe(signal?: AbortSignal): Promise<DeskMe | null> {
  try {
    return (await getJson('/api/desk/me', deskMeResponseSchema, signal)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const deskMeQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: personKeys.deskMe(),
    queryFn: ({ signal }) => fetchDeskMe(signal),
    enabled,
    refetchInterval: DESK_ME_INTERVAL_MS,
    retry: false,
  });

/** GET /api/desk/me for the signed-in person (not asked while signed out). */
export function useDeskMe(): DeskMe | undefined {
  const signedIn = usePerson() !== undefined;
  return useQuery(deskMeQueryOptions(signedIn)).data ?? undefined;
}
