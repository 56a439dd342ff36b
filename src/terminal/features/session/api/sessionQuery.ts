import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ApiError, getJson } from '@/terminal/shared/api/http';
import { sessionKeys } from './keys';

const sessionSchema = z.object({ success: z.literal(true), data: z.object({ authenticated: z.literal(true) }) });

export type SessionState = 'checking' | 'signed-in' | 'signed-out' | 'unreachable';

export async function fetchSession(signal?: AbortSignal): Promise<boolean> {
  try {
    await getJson('/api/session', sessionSchema, signal);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return false;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.state(),
    queryFn: ({ signal }) => fetchSession(signal),
    refetchInterval: 30_000,
    retry: 1,
  });

/** Whether this browser holds a session with the proxy (trading and the journal need one). */
export function useSession(): SessionState {
  const { data, isError } = useQuery(sessionQueryOptions());
  if (data === true) return 'signed-in';
  if (data === false) return 'signed-out';
  return isError ? 'unreachable' : 'checking';
}
