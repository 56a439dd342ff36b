import { limitsMigration } from '../desk/limitsMigration';
import { PREFERENCES_MIGRATION } from '../desk/preferencesPostgres';
import { peopleMigration } from '../desk/peopleMigration';
import { accountsMigration } from '../journal/postgres/accountsMigration';
import type { Postgres } from './database';

/**
 * The desk's schema, numbered as SQLite's is (journal/sqlite/migrations.ts), but starting from that
 * journal's final shape: a PostgreSQL database is new with this build, so it has no history to
 * replay. A later change is a new entry at the end, never an edit of one already shipped.
 *
 * Types: money and quantities are `double precision` because the SQLite journal stores them as
 * REAL, and the adapters must hand back the same JS numbers (exact decimal text is what is signed
 * and sent; these columns are for reading). Ms timestamps, durations and the service's order ids
 * are `bigint` (they pass 2^31), read back as numbers (database.ts). Nothing here needs more than
 * the owner of the schema's tables may do: no extension, no superuser.
 */
export const postgresMigrations: readonly string[] = [
  `
CREATE TABLE tickets (
  id text PRIMARY KEY,
  body_hash text NOT NULL,
  recv_window integer,
  requests integer NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX tickets_created ON tickets (created_at);

CREATE TABLE requests (
  ticket_id text NOT NULL REFERENCES tickets (id),
  request_no integer NOT NULL,
  body text NOT NULL,
  service_timestamp bigint,
  sent_at bigint,
  answered_at bigint,
  http_status integer,
  outcome text,
  reason text,
  error_code integer,
  error_message text,
  PRIMARY KEY (ticket_id, request_no)
);

-- An identity column never hands out an id twice, as SQLite's AUTOINCREMENT does not: lists page
-- by id, newest first. (A rolled-back insert leaves a gap; nothing reads ids as a count.)
CREATE TABLE orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id text NOT NULL REFERENCES tickets (id),
  seq integer NOT NULL,
  request_no integer NOT NULL,
  status text NOT NULL,
  symbol text NOT NULL,
  side text NOT NULL,
  order_type text NOT NULL,
  order_price double precision,
  order_quantity double precision,
  order_amount double precision,
  visible_quantity double precision,
  order_tag text,
  margin_mode text,
  client_order_id text,
  order_json text NOT NULL,
  order_id bigint,
  error_code integer,
  error_message text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (ticket_id, seq)
);
-- Only the statuses that need attention are indexed (as in SQLite): a settled order is never
-- looked up by status, and every index an order is in costs each write.
CREATE INDEX orders_live ON orders (status, id) WHERE status IN ('pending', 'sent', 'unknown');
-- Several proxies journal into one database: a live client order id is unique here, in the
-- database, not in one process's memory. Two proxies racing to journal the same id: one insert
-- fails, and its ticket is refused as a duplicate. Settled orders free their id (the service
-- allows it again once the order is done), so the index is partial.
CREATE UNIQUE INDEX orders_live_client_order_id ON orders (client_order_id)
  WHERE client_order_id IS NOT NULL AND status IN ('pending', 'sent', 'accepted', 'unknown');

CREATE TABLE held_orders (
  id text PRIMARY KEY,
  idempotency_key text UNIQUE,
  body_hash text NOT NULL,
  type text NOT NULL,
  state text NOT NULL,
  symbol text NOT NULL,
  side text NOT NULL,
  order_quantity double precision NOT NULL,
  trigger_price double precision,
  order_price double precision,
  trailing_distance double precision,
  trailing_percent double precision,
  best_mark double precision,
  oco_with text,
  client_ref text,
  client_order_id text,
  fired_mark double precision,
  fired_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  reason text,
  entry_ticket_id text,
  entry_client_order_id text,
  duration_ms bigint,
  slice_ms bigint,
  max_slippage_percent double precision,
  price_limit double precision,
  randomize_percent double precision,
  started_at bigint,
  next_slice integer NOT NULL DEFAULT 0,
  slices_sent integer NOT NULL DEFAULT 0,
  slices_skipped integer NOT NULL DEFAULT 0,
  slices_missed integer NOT NULL DEFAULT 0,
  quantity_sent double precision NOT NULL DEFAULT 0,
  fire_count integer NOT NULL DEFAULT 0,
  fired_ticket_id text
);
-- Only held orders still waiting are read at start and on every mark: indexed alone.
CREATE INDEX held_live ON held_orders (state, id) WHERE state IN ('awaiting_entry', 'armed', 'paused');
CREATE INDEX held_created ON held_orders (created_at);

-- Login sessions, hashed, shared by every proxy of the desk; session_meta holds the token's
-- salted fingerprint (key 'salt', 'token'), as sessions.sqlite's meta table does.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX sessions_created ON sessions (created_at);
CREATE TABLE session_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Who sends for an account: one row per account, held until expires_at. The token grows with each
-- new holder, and every send checks it is still the holder's (fencing): a proxy that lost the
-- lease while cut off cannot send after another took it.
CREATE TABLE sender_lease (
  account_id text PRIMARY KEY,
  holder text NOT NULL,
  token bigint NOT NULL,
  expires_at bigint NOT NULL,
  acquired_at bigint NOT NULL
);
`,
  limitsMigration,
  PREFERENCES_MIGRATION,
  peopleMigration,
  accountsMigration,
  // Why an approval waits (over the threshold, or past the approval-free day); older rows: null.
  'ALTER TABLE approvals ADD COLUMN reason text;',
];

/**
 * A fixed key for pg_advisory_xact_lock: two proxies starting together take turns, the second
 * finding the schema already done. (Any bigint; this one reads "perp" "migr" in ASCII.)
 */
const MIGRATION_LOCK = 0x7065_7270_6d69_6772n;

export class SchemaTooNewError extends Error {}

/**
 * Brings the database up to this build's schema in one transaction, and returns its version. A
 * database from a newer build is refused, naming both versions: an older proxy must not write
 * rows a newer schema reads differently.
 */
export async function migratePostgres(pg: Postgres, migrations: readonly string[] = postgresMigrations): Promise<number> {
  return pg.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK.toString()]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version');
    const version = rows[0]?.version ?? 0;
    if (version > migrations.length) {
      throw new SchemaTooNewError(
        `the database's schema is version ${version}; this proxy knows versions up to ${migrations.length}: ` +
          'start a newer build of the proxy against it (or another database)',
      );
    }
    for (let next = version; next < migrations.length; next++) await client.query(migrations[next]!);
    if (rows.length === 0) await client.query('INSERT INTO schema_version (version) VALUES ($1)', [migrations.length]);
    else await client.query('UPDATE schema_version SET version = $1', [migrations.length]);
    return migrations.length;
  });
}
