import type { AuditQuery, AuditRecord, Role } from '../../interface';
import { GroupWrite } from '../postgres/groupWrite';
import type { Postgres } from '../postgres/database';
import { groupedRead } from '../postgres/groupRead';
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

// Dated by the database's clock, not this proxy's: the proxies of a desk may disagree on the time,
// and the trail's order (its ids) and its times must not.
const DATABASE_NOW = 'floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

/** An audit record's columns after its id, in the order the statements bind them. */
const AUDIT_FIELDS: readonly ((entry: AuditEntry) => unknown)[] = [
  (entry) => entry.at ?? null,
  (entry) => entry.actor,
  (entry) => entry.action,
  (entry) => entry.subject ?? null,
  (entry) => entry.address ?? null,
  (entry) => JSON.stringify(entry.detail ?? {}),
];

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

  /** Read at every request of a user's session (none is kept: the desk command may disable them), grouped across requests. */
  readonly user: (name: string) => Promise<UserRecord | undefined> = groupedRead(
    async (names) => {
      const { rows } = await this.pg.query<UserRow>('SELECT * FROM users WHERE name = ANY($1::text[])', [names]);
      return new Map(rows.map((row) => [row.name, userOf(row)]));
    },
    async (name) => {
      const { rows } = await this.pg.query<UserRow>('SELECT * FROM users WHERE name = $1', [name]);
      return rows[0] && userOf(rows[0]);
    },
  );

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
   * Committed with the records asked for in the same turn, or while the last group is on the
   * database, in one statement (GroupWrite; at 32 tickets at once one a ticket was a round trip
   * each): kept if the proxy dies after it resolved, lost with it only while it waited for that
   * statement, as it was while its own was on the way. Not waiting for the server's disk (on it
   * within the WAL writer's delay), as `desk.sqlite` keeps it: waiting there added a second flush
   * to every ticket's answer, after the ticket's own.
   */
  append(entry: AuditEntry): Promise<AuditRecord> {
    return this.appends.write(entry);
  }

  private readonly appends = new GroupWrite<AuditEntry, AuditRecord>(
    async (entries) => {
      // In the group's order: the ids are given row by row as the sorted rows are inserted.
      const { rows } = await this.pg.writeSoon<AuditRow>(
        `INSERT INTO audit (at, actor, action, subject, address, detail)
         SELECT COALESCE(e.at, ${DATABASE_NOW}), e.actor, e.action, e.subject, e.address, e.detail
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY
           AS e(at, actor, action, subject, address, detail, n)
         ORDER BY e.n RETURNING *`,
        AUDIT_FIELDS.map((field) => entries.map((entry) => field(entry))),
      );
      return rows.sort((a, b) => Number(a.id) - Number(b.id)).map(recordOf);
    },
    async (entry) => {
      const { rows } = await this.pg.writeSoon<AuditRow>(
        `INSERT INTO audit (at, actor, action, subject, address, detail)
         VALUES (COALESCE($1::bigint, ${DATABASE_NOW}), $2, $3, $4, $5, $6) RETURNING *`,
        AUDIT_FIELDS.map((field) => field(entry)),
      );
      return recordOf(rows[0]!);
    },
  );

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
