export { sessionQueryOptions, useSession, type SessionState } from './api/sessionQuery';
export { SessionBanner } from './components/SessionBanner';
