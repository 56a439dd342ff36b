import type { AuditQuery, AuditRecord, Role } from '../../interface';
import type { Postgres } from '../postgres/database';
import {
  accountsOf,
  auditWhere,
  joinNames,
  LINK_TTL_MS,
  NoSuchUserError,
  pageOf,
  recordOf,
  splitNames,
  UserExistsError,
  type AuditEntry,
  type AuditPage,
  type AuditRow,
  type DeskPeople,
  type NewUser,
  type UserChange,
  type UserRecord,
} from './people';

interface UserRow {
  name: string;
  roles: string;
  accounts: string;
  disabled: boolean;
  created_at: number;
}

const userOf = (row: UserRow): UserRecord => ({
  name: row.name,
  roles: splitNames(row.roles) as Role[],
  accounts: accountsOf(row.accounts),
  disabled: row.disabled,
  createdAt: row.created_at,
});

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The desk's people and audit in its PostgreSQL (peopleMigration.ts), shared by every proxy and
 * the desk command: a user disabled through one is refused by all at their next request, since
 * none keeps a user in memory. The pool is the `Postgres` object's; close() leaves it open.
 */
export class PostgresPeople implements DeskPeople {
  constructor(private readonly pg: Postgres) {}

  async hasUsers(): Promise<boolean> {
    return (await this.pg.query('SELECT 1 FROM users LIMIT 1')).rows.length > 0;
  }

  async user(name: string): Promise<UserRecord | undefined> {
    const { rows } = await this.pg.query<UserRow>('SELECT * FROM users WHERE name = $1', [name]);
    return rows[0] && userOf(rows[0]);
  }

  async users(): Promise<UserRecord[]> {
    return (await this.pg.query<UserRow>('SELECT * FROM users ORDER BY name')).rows.map(userOf);
  }

  async addUser(user: NewUser, now: number): Promise<UserRecord> {
    try {
      await this.pg.query('INSERT INTO users (name, roles, accounts, disabled, created_at) VALUES ($1, $2, $3, false, $4)', [
        user.name,
        joinNames(user.roles),
        joinNames(user.accounts),
        now,
      ]);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new UserExistsError(user.name);
      throw error;
    }
    return { ...user, disabled: false, createdAt: now };
  }

  async changeUser(name: string, change: UserChange): Promise<UserRecord | undefined> {
    // COALESCE keeps what the change leaves out, in one statement: no read-then-write race.
    const { rows } = await this.pg.query<UserRow>(
      `UPDATE users SET roles = COALESCE($2, roles), accounts = COALESCE($3, accounts), disabled = COALESCE($4, disabled)
       WHERE name = $1 RETURNING *`,
      [
        name,
        change.roles === undefined ? null : joinNames(change.roles),
        change.accounts === undefined ? null : joinNames(change.accounts),
        change.disabled ?? null,
      ],
    );
    return rows[0] && userOf(rows[0]);
  }

  async removeUser(name: string): Promise<boolean> {
    // Its links go with it (ON DELETE CASCADE).
    return ((await this.pg.query('DELETE FROM users WHERE name = $1', [name])).rowCount ?? 0) > 0;
  }

  async issueLink(name: string, tokenHash: string, now: number): Promise<number> {
    const expiresAt = now + LINK_TTL_MS;
    try {
      await this.pg.transaction(async (client) => {
        await client.query('DELETE FROM login_links WHERE user_name = $1 OR expires_at <= $2', [name, now]);
        await client.query('INSERT INTO login_links (token_hash, user_name, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
          tokenHash,
          name,
          now,
          expiresAt,
        ]);
      });
    } catch (error) {
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new NoSuchUserError(name);
      throw error;
    }
    return expiresAt;
  }

  async spendLink(tokenHash: string, now: number): Promise<string | undefined> {
    const { rows } = await this.pg.query<{ user_name: string }>(
      'DELETE FROM login_links WHERE token_hash = $1 AND expires_at > $2 RETURNING user_name',
      [tokenHash, now],
    );
    return rows[0]?.user_name;
  }

  /**
   * Committed at once (kept if the proxy dies), without waiting for the server's disk (on it within
   * the WAL writer's delay): as `desk.sqlite` keeps it, and waiting there added a second flush to
   * every ticket's answer, after the ticket's own.
   */
  async append(entry: AuditEntry): Promise<AuditRecord> {
    // Dated by the database's clock, not this proxy's: the proxies of a desk may disagree on the
    // time, and the trail's order (its ids) and its times must not.
    const { rows } = await this.pg.writeSoon<AuditRow>(
      `INSERT INTO audit (at, actor, action, subject, address, detail)
       VALUES (COALESCE($1::bigint, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint), $2, $3, $4, $5, $6) RETURNING *`,
      [entry.at ?? null, entry.actor, entry.action, entry.subject ?? null, entry.address ?? null, JSON.stringify(entry.detail ?? {})],
    );
    return recordOf(rows[0]!);
  }

  async list(query: AuditQuery): Promise<AuditPage> {
    const { where, params } = auditWhere(query, (index) => `$${index}`);
    const { rows } = await this.pg.query<AuditRow>(
      `SELECT * FROM audit ${where} ORDER BY id DESC LIMIT $${params.length + 1}`,
      [...params, query.limit + 1],
    );
    return pageOf(rows.map(recordOf), query.limit);
  }

  async close(): Promise<void> {}
}
