export { fetchHealth, HEALTH_INTERVAL_MS, healthQueryOptions, useProxyHealth } from './api/healthQuery';
export { sessionKeys } from './api/keys';
export { sessionQueryOptions, useSession, type SessionState } from './api/sessionQuery';
export { ConnectionStatus } from './components/ConnectionStatus';
export { SessionBanner } from './components/SessionBanner';
export { useSignOut, type SignOutScope } from './api/signOut';
export { SessionMenu } from './components/SessionMenu';
/** Who is signed in and what they may do: shared, so every feature can ask (see shared/person). */
export { isDesk, useDeskMe, useMay, usePerson, type Permission } from '@/terminal/shared/person';
