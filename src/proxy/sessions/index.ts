export { Door, sessionCookieName, type Exchange, type Session } from './door';
export { PostgresSessionStore } from './postgresSessionStore';
export { SqliteSessionStore, type SessionStore, type StoredSession } from './sessionStore';
