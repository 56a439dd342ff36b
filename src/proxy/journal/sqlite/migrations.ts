import type Database from 'better-sqlite3';

/** Schema migrations, in order; PRAGMA user_version records how many have run. */
export const migrations = [
  `
CREATE TABLE IF NOT EXISTS tickets (
  id TEXT PRIMARY KEY,
  body_hash TEXT NOT NULL,
  recv_window INTEGER,
  requests INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS requests (
  ticket_id TEXT NOT NULL REFERENCES tickets(id),
  request_no INTEGER NOT NULL,
  body TEXT NOT NULL,
  service_timestamp INTEGER,
  sent_at INTEGER,
  answered_at INTEGER,
  http_status INTEGER,
  outcome TEXT,
  reason TEXT,
  error_code INTEGER,
  error_message TEXT,
  PRIMARY KEY (ticket_id, request_no)
);
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_id TEXT NOT NULL REFERENCES tickets(id),
  seq INTEGER NOT NULL,
  request_no INTEGER NOT NULL,
  status TEXT NOT NULL,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL,
  order_type TEXT NOT NULL,
  order_price REAL,
  order_quantity REAL,
  order_amount REAL,
  visible_quantity REAL,
  order_tag TEXT,
  margin_mode TEXT,
  client_order_id TEXT,
  order_json TEXT NOT NULL,
  order_id INTEGER,
  error_code INTEGER,
  error_message TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (ticket_id, seq)
);
CREATE INDEX IF NOT EXISTS orders_status ON orders (status, id);
CREATE INDEX IF NOT EXISTS orders_symbol ON orders (symbol, id);
CREATE TABLE IF NOT EXISTS sessions (
  id_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
`,
  // A commit writes every page it touched. An index on (symbol, id) put each order of a ticket on
  // its own page, and one on (status, id) moved every order three times: most of what a ticket cost
  // to journal. Only the statuses that need attention are indexed; lists by symbol or by a settled
  // status walk the journal newest first, which finds a page of them quickly.
  `
DROP INDEX IF EXISTS orders_symbol;
DROP INDEX IF EXISTS orders_status;
CREATE INDEX IF NOT EXISTS orders_live ON orders (status, id) WHERE status IN ('pending', 'sent', 'unknown');
`,
  // Login sessions have their own store (sessions.sqlite), tied to the terminal token.
  // Retention walks tickets by age.
  `
DROP TABLE IF EXISTS sessions;
CREATE INDEX IF NOT EXISTS tickets_created ON tickets (created_at);
`,
  // Orders the proxy holds (issue 28). A fired one's ticket has the held order's id; only the
  // armed and paused ones are read at start, through the partial index.
  `
CREATE TABLE IF NOT EXISTS held_orders (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT UNIQUE,
  body_hash TEXT NOT NULL,
  type TEXT NOT NULL,
  state TEXT NOT NULL,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL,
  order_quantity REAL NOT NULL,
  trigger_price REAL,
  order_price REAL,
  trailing_distance REAL,
  trailing_percent REAL,
  best_mark REAL,
  oco_with TEXT,
  client_ref TEXT,
  client_order_id TEXT,
  fired_mark REAL,
  fired_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS held_live ON held_orders (state, id) WHERE state IN ('armed', 'paused');
CREATE INDEX IF NOT EXISTS held_created ON held_orders (created_at);
`,
  // Held orders, second part (issue 28): why one ended, a bracket exit's entry, a TWAP's schedule
  // and counts (its slices' tickets are "<id>-s<n>": their answers are counted from the orders).
  `
ALTER TABLE held_orders ADD COLUMN reason TEXT;
ALTER TABLE held_orders ADD COLUMN entry_ticket_id TEXT;
ALTER TABLE held_orders ADD COLUMN entry_client_order_id TEXT;
ALTER TABLE held_orders ADD COLUMN duration_ms INTEGER;
ALTER TABLE held_orders ADD COLUMN slice_ms INTEGER;
ALTER TABLE held_orders ADD COLUMN max_slippage_percent REAL;
ALTER TABLE held_orders ADD COLUMN price_limit REAL;
ALTER TABLE held_orders ADD COLUMN randomize_percent REAL;
ALTER TABLE held_orders ADD COLUMN started_at INTEGER;
ALTER TABLE held_orders ADD COLUMN next_slice INTEGER NOT NULL DEFAULT 0;
ALTER TABLE held_orders ADD COLUMN slices_sent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE held_orders ADD COLUMN slices_skipped INTEGER NOT NULL DEFAULT 0;
ALTER TABLE held_orders ADD COLUMN slices_missed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE held_orders ADD COLUMN quantity_sent REAL NOT NULL DEFAULT 0;
DROP INDEX IF EXISTS held_live;
CREATE INDEX IF NOT EXISTS held_live ON held_orders (state, id) WHERE state IN ('awaiting_entry', 'armed', 'paused');
`,
  // A held order whose fired order was never sent is armed again; each firing after that has its
  // own ticket ("<id>-r<n>") and client order id ("<id>-<n+1>"): the service may have seen the last one.
  `
ALTER TABLE held_orders ADD COLUMN fire_count INTEGER NOT NULL DEFAULT 0;
`,
  // The orders one poll fires go together, up to 10 a ticket: each held order names the ticket that
  // carried its order (a firing before this had a ticket of its own, "<id>" or "<id>-r<n>").
  `
ALTER TABLE held_orders ADD COLUMN fired_ticket_id TEXT;
UPDATE held_orders SET fired_ticket_id = CASE WHEN fire_count = 0 THEN id ELSE id || '-r' || fire_count END
  WHERE state = 'fired' AND type != 'TWAP' AND client_order_id IS NOT NULL;
`,
  // Several accounts (issue 30): each ticket and held order names the account it is signed for
  // (a journal from before had the one account, now named "main"), who placed a ticket or held
  // order and who approved a ticket. Order rows read them from their ticket.
  `
ALTER TABLE tickets ADD COLUMN account TEXT NOT NULL DEFAULT 'main';
ALTER TABLE tickets ADD COLUMN placed_by TEXT;
ALTER TABLE tickets ADD COLUMN approved_by TEXT;
ALTER TABLE held_orders ADD COLUMN account TEXT NOT NULL DEFAULT 'main';
ALTER TABLE held_orders ADD COLUMN placed_by TEXT;
`,
];

/** Brings the schema up to date in one transaction; refuses a journal from a newer build. */
export function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > migrations.length) {
    throw new Error(`the journal is at schema ${version}, newer than this build knows (up to ${migrations.length}): refusing to touch it; run the newer build, or restore a copy made before it`);
  }
  db.transaction(() => {
    for (let i = version; i < migrations.length; i++) db.exec(migrations[i]!);
    db.pragma(`user_version = ${migrations.length}`);
  })();
}
