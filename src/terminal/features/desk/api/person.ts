import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionResponseSchema, type Person } from '@/interface';
import { ApiError, getJson } from '@/terminal/shared/api/http';
import { deskKeys } from './keys';

/** Who this browser's session belongs to; null when signed out (or an older proxy that does not say). */
export async function fetchPerson(signal?: AbortSignal): Promise<Person | null> {
  try {
    return (await getJson('/api/session', sessionResponseSchema, signal)).data.person ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const personQueryOptions = () =>
  queryOptions({
    queryKey: deskKeys.person(),
    queryFn: ({ signal }) => fetchPerson(signal),
    // Roles change rarely (an admin's CLI); a disabled user's next request is refused anyway.
    refetchInterval: 30_000,
    staleTime: 10_000,
    retry: 1,
  });

/** The person signed in, or undefined while unknown or signed out. */
export function usePerson(): Person | undefined {
  return useQuery(personQueryOptions()).data ?? undefined;
}
