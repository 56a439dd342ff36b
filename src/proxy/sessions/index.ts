export { DESK_NOW, Door, sessionCookieName, type Exchange, type PeopleDirectory, type Session } from './door';
export { PostgresSessionStore } from './postgresSessionStore';
export { SqliteSessionStore, type SessionStore, type StoredSession } from './sessionStore';
