import { queryOptions, useQuery } from '@tanstack/react-query';
import { IMPLICIT_PERSON, sessionResponseSchema, type Person } from '@/interface';
import { ApiError, getJson } from '@/terminal/shared/api/http';

/**
 * Who is signed in (issue 30), read with the session itself: every feature asks here what the
 * person may do, so a control they may not use is disabled with the reason before any 403.
 */
export const personKeys = {
  /** The session query: the session feature's key too (its sign-out invalidates it). */
  session: () => ['session', 'state'] as const,
  /** GET /api/desk/me: accounts, limits and today's use. */
  deskMe: () => ['session', 'desk-me'] as const,
};

/** The person of this browser's session, or null when it has none (401). */
export async function fetchSessionPerson(signal?: AbortSignal): Promise<Person | null> {
  try {
    const answer = await getJson('/api/session', sessionResponseSchema, signal);
    if (!answer.data.authenticated) return null;
    // A proxy from before desks names nobody: it is the one implicit admin-trader of today.
    return answer.data.person ?? IMPLICIT_PERSON;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: personKeys.session(),
    queryFn: ({ signal }) => fetchSessionPerson(signal),
    refetchInterval: 30_000,
    retry: 1,
  });

/** The signed-in person; undefined while unknown or signed out. */
export function usePerson(): Person | undefined {
  return useQuery(sessionQueryOptions()).data ?? undefined;
}

/** Whether a desk names the person (not the single-token mode's implicit admin-trader). */
export const isDesk = (person: Person | undefined): person is Person => person !== undefined && !person.implicit;
