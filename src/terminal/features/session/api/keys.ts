import { personKeys } from '@/terminal/shared/person';

/** Every query key of the session feature: queries and invalidations take theirs from here. */
export const sessionKeys = {
  all: ['session'] as const,
  /** Whether this browser holds a session with the proxy, and whose (shared: every feature asks who). */
  state: personKeys.session,
  /** How the proxy sees the service. */
  health: () => [...sessionKeys.all, 'health'] as const,
};
