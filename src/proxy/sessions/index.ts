export { Door, sessionCookieName, type Exchange, type Session } from './door';
export { SessionStore } from './sessionStore';
