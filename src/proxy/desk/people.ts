import { createHash, randomBytes } from 'node:crypto';
import type { AuditAction, AuditQuery, AuditRecord, Person, Role } from '../../interface';

/** A one-time login link lasts a day: long enough to reach the person, short enough to go stale. */
export const LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** A desk's user as stored: the roles they hold and the accounts they trade ('*': every one). */
export interface UserRecord {
  name: string;
  roles: Role[];
  accounts: '*' | string[];
  disabled: boolean;
  createdAt: number;
}

export type NewUser = Pick<UserRecord, 'name' | 'roles' | 'accounts'>;
export type UserChange = Partial<Pick<UserRecord, 'roles' | 'accounts' | 'disabled'>>;

export class UserExistsError extends Error {
  constructor(name: string) {
    super(`a user named ${name} already exists`);
  }
}

export class NoSuchUserError extends Error {
  constructor(name: string) {
    super(`no user named ${name}`);
  }
}

/**
 * The desk's people (issue 30): users, and their one-time login links, kept hashed. One adapter
 * per store, as the journal has: `desk.sqlite` beside the journal (sqlitePeople.ts) or the desk's
 * PostgreSQL (postgresPeople.ts). Another process (the `desk` command) may change it while a
 * proxy runs, so nothing read from it is remembered in memory.
 */
export interface PeopleStore {
  /** At least one user, disabled or not: the proxy is a desk, and the terminal token no longer signs in. */
  hasUsers(): Promise<boolean>;
  user(name: string): Promise<UserRecord | undefined>;
  /** Every user, by name. */
  users(): Promise<UserRecord[]>;
  /** Throws UserExistsError when the name is taken. */
  addUser(user: NewUser, now: number): Promise<UserRecord>;
  /** The user as changed; undefined when there is none of that name. */
  changeUser(name: string, change: UserChange): Promise<UserRecord | undefined>;
  /** Removes the user and their links; false when there was none. */
  removeUser(name: string): Promise<boolean>;
  /**
   * Keeps the hash of a new link for `name` (throws NoSuchUserError), replacing any earlier one of
   * theirs; returns when it expires.
   */
  issueLink(name: string, tokenHash: string, now: number): Promise<number>;
  /** Spends a link (one statement: two clicks cannot both get in); the user's name, if it was live. */
  spendLink(tokenHash: string, now: number): Promise<string | undefined>;
  close(): Promise<void>;
}

/** What a record says; `at` defaults to now. */
export interface AuditEntry {
  actor: string;
  action: AuditAction;
  subject?: string | null;
  address?: string | null;
  detail?: Record<string, unknown>;
  at?: number;
}

export interface AuditPage {
  rows: AuditRecord[];
  /** Give it back as `cursor` for the next (older) page; null on the last. */
  next_cursor: string | null;
}

/** The audit trail: append-only (the stores refuse updates and deletes), read newest first. */
export interface AuditLog {
  append(entry: AuditEntry): Promise<AuditRecord>;
  list(query: AuditQuery): Promise<AuditPage>;
}

/** A store holds both: one database, one connection. */
export type DeskPeople = PeopleStore & AuditLog;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token: 32 random bytes, as a session id is. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

export const personOf = (user: UserRecord): Person => ({ name: user.name, roles: user.roles, accounts: user.accounts, implicit: false });

/** Roles and accounts as the stores keep them: names joined by commas (a name holds no comma). */
export const joinNames = (names: '*' | readonly string[]) => (names === '*' ? '*' : names.join(','));
export const splitNames = (text: string): string[] => (text === '' ? [] : text.split(','));
export const accountsOf = (text: string): '*' | string[] => (text === '*' ? '*' : splitNames(text));

/** The page of `query.limit` rows from `fetched` (up to one more, which tells there is a next page). */
export function pageOf(fetched: AuditRecord[], limit: number): AuditPage {
  const rows = fetched.slice(0, limit);
  return { rows, next_cursor: fetched.length > limit ? String(rows[rows.length - 1]!.id) : null };
}

/** The audit query as SQL conditions, with `?` or `$n` placeholders. */
export function auditWhere(query: AuditQuery, placeholder: (index: number) => string) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', placeholder(params.length)));
  };
  if (query.actor !== undefined) add('actor = ?', query.actor);
  if (query.action !== undefined) add('action = ?', query.action);
  if (query.subject !== undefined) add('subject = ?', query.subject);
  if (query.since !== undefined) add('at >= ?', query.since);
  // `until` is exclusive: pages of days join without a record twice.
  if (query.until !== undefined) add('at < ?', query.until);
  if (query.cursor !== undefined) add('id < ?', Number(query.cursor));
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export interface AuditRow {
  id: number;
  at: number;
  actor: string;
  action: string;
  subject: string | null;
  address: string | null;
  detail: string;
}

export const recordOf = (row: AuditRow): AuditRecord => ({
  id: row.id,
  at: row.at,
  actor: row.actor,
  action: row.action as AuditAction,
  subject: row.subject,
  address: row.address,
  detail: JSON.parse(row.detail) as Record<string, unknown>,
});
