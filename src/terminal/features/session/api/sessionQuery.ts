import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/terminal/shared/person';

export { sessionQueryOptions };

export type SessionState = 'checking' | 'signed-in' | 'signed-out' | 'unreachable';

/** Whether this browser holds a session with the proxy (trading and the journal need one). */
export function useSession(): SessionState {
  const { data, isError } = useQuery(sessionQueryOptions());
  if (data === null) return 'signed-out';
  if (data !== undefined) return 'signed-in';
  return isError ? 'unreachable' : 'checking';
}
