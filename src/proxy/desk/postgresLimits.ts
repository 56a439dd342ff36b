import Big from 'big.js';
import type { LimitScope, LimitSet } from '../../interface';
import type { Postgres, PostgresClient } from '../postgres/database';
import { amountOf, lockOrder, overMax, readLimits, type DeskLog, type LimitsStore, type Reservation, type StoredLimits, type UsageKind, type UsageScope } from './limitsStore';

interface LimitRow {
  scope: LimitScope;
  name: string;
  limits: string;
  updated_by: string;
  updated_at: number;
}

const LIMIT_COLUMNS = 'scope, name, limits, updated_by, updated_at';

/**
 * The desk's limits and day use in its PostgreSQL (limitsMigration.ts), shared by every proxy. A
 * reservation locks the day's rows of its scopes (always in one order, so two never deadlock) and
 * decides under the lock: two proxies sending at once cannot both pass a day limit only one fits.
 */
export class PostgresLimitsStore implements LimitsStore {
  constructor(
    private readonly pg: Postgres,
    private readonly log?: DeskLog,
  ) {}

  async get(scope: LimitScope, name: string): Promise<StoredLimits | undefined> {
    const { rows } = await this.pg.query<LimitRow>(`SELECT ${LIMIT_COLUMNS} FROM limit_sets WHERE scope = $1 AND name = $2`, [scope, name]);
    return rows[0] && this.stored(rows[0]);
  }

  async list(scope?: LimitScope): Promise<StoredLimits[]> {
    const { rows } = await this.pg.query<LimitRow>(
      `SELECT ${LIMIT_COLUMNS} FROM limit_sets WHERE $1::text IS NULL OR scope = $1 ORDER BY scope, name`,
      [scope ?? null],
    );
    return rows.map((row) => this.stored(row));
  }

  async set(scope: LimitScope, name: string, limits: LimitSet, by: string, now: number): Promise<StoredLimits> {
    await this.pg.query(
      `INSERT INTO limit_sets (scope, name, limits, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (scope, name) DO UPDATE SET limits = excluded.limits, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
      [scope, name, JSON.stringify(limits), by, now],
    );
    return { scope, name, limits, updatedBy: by, updatedAt: now };
  }

  async reserve(day: string, scopes: readonly UsageScope[], amount: string): Promise<Reservation> {
    const add = amountOf(amount);
    const ordered = lockOrder(scopes);
    return this.pg.transaction(async (client) => {
      const used = await lockUsage(client, day, ordered);
      // Refused in the caller's order: the first scope named is the one the refusal names.
      for (const scope of scopes) {
        const refusal = overMax(scope, used.get(keyOf(scope)) ?? new Big(0), add);
        if (refusal) return refusal;
      }
      for (const scope of ordered) {
        await client.query('UPDATE day_usage SET used = used + $4::numeric WHERE day = $1 AND scope = $2 AND name = $3', [
          day, scope.scope, scope.name, add.toFixed(),
        ]);
      }
      return { ok: true };
    });
  }

  async release(day: string, scopes: readonly UsageScope[], amount: string): Promise<void> {
    const take = amountOf(amount);
    await this.pg.transaction(async (client) => {
      for (const scope of lockOrder(scopes)) {
        await client.query('UPDATE day_usage SET used = GREATEST(used - $4::numeric, 0) WHERE day = $1 AND scope = $2 AND name = $3', [
          day, scope.scope, scope.name, take.toFixed(),
        ]);
      }
    });
  }

  async usage(day: string, scope: UsageKind, name: string): Promise<string> {
    const { rows } = await this.pg.query<{ used: string }>('SELECT used::text AS used FROM day_usage WHERE day = $1 AND scope = $2 AND name = $3', [
      day, scope, name,
    ]);
    return new Big(rows[0]?.used ?? 0).toFixed();
  }

  private stored(row: LimitRow): StoredLimits {
    const read = readLimits(row.scope, row.name, row.limits, this.log);
    return { scope: row.scope, name: row.name, ...read, updatedBy: row.updated_by, updatedAt: row.updated_at };
  }
}

const keyOf = (scope: { scope: string; name: string }) => `${scope.scope}\u0000${scope.name}`;

/**
 * The day's use of `ordered` scopes, each row made when missing and then locked (FOR UPDATE) in
 * that order, until the transaction ends.
 */
async function lockUsage(client: PostgresClient, day: string, ordered: readonly UsageScope[]): Promise<Map<string, Big>> {
  const used = new Map<string, Big>();
  for (const scope of ordered) {
    await client.query('INSERT INTO day_usage (day, scope, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [day, scope.scope, scope.name]);
    const { rows } = await client.query<{ used: string }>(
      'SELECT used::text AS used FROM day_usage WHERE day = $1 AND scope = $2 AND name = $3 FOR UPDATE',
      [day, scope.scope, scope.name],
    );
    used.set(keyOf(scope), new Big(rows[0]?.used ?? 0));
  }
  return used;
}
