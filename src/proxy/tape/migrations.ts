import type Database from 'better-sqlite3';

/**
 * Schema migrations of the tape, in order; PRAGMA user_version records how many have run.
 * Minutes are keyed by minute number (ms / 60 000) and a small symbol id, both short integers.
 * Hours are kept as well, as plain REALs merged at each minute's write: 30 days of 1h read 720
 * rows instead of 43 200 minutes (see the bench's tape section for both figures).
 */
export const tapeMigrations = [
  `
CREATE TABLE IF NOT EXISTS symbols (
  id INTEGER PRIMARY KEY,
  symbol TEXT NOT NULL UNIQUE,
  recorded_since INTEGER
);
CREATE TABLE IF NOT EXISTS minutes (
  sym INTEGER NOT NULL,
  minute INTEGER NOT NULL,
  open INTEGER NOT NULL,
  high INTEGER NOT NULL,
  low INTEGER NOT NULL,
  close INTEGER NOT NULL,
  index_close INTEGER NOT NULL,
  funding INTEGER NOT NULL,
  open_interest INTEGER NOT NULL,
  volume INTEGER NOT NULL,
  samples INTEGER NOT NULL,
  scales INTEGER NOT NULL,
  PRIMARY KEY (sym, minute)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS hours (
  sym INTEGER NOT NULL,
  hour INTEGER NOT NULL,
  open REAL NOT NULL,
  high REAL NOT NULL,
  low REAL NOT NULL,
  close REAL NOT NULL,
  index_close REAL NOT NULL,
  funding REAL NOT NULL,
  open_interest REAL NOT NULL,
  volume REAL NOT NULL,
  samples INTEGER NOT NULL,
  simulated INTEGER NOT NULL,
  PRIMARY KEY (sym, hour)
) WITHOUT ROWID;
`,
  // A finished hour of minutes as one row (see hourBlocks.ts): a day reads as 24 rows, not 1,440.
  // With a rowid: a WITHOUT ROWID row keeps only about 1 kB on its page and sends the rest of a
  // longer block to an overflow page of its own, which tripled the file.
  `
CREATE TABLE IF NOT EXISTS minute_blocks (
  sym INTEGER NOT NULL,
  hour INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (sym, hour)
);
`,
  // A block that no longer decodes is moved here, bytes kept, and read as a gap (see minuteRows.ts).
  `
CREATE TABLE IF NOT EXISTS minute_blocks_damaged (
  sym INTEGER NOT NULL,
  hour INTEGER NOT NULL,
  data BLOB NOT NULL,
  found_at INTEGER NOT NULL,
  PRIMARY KEY (sym, hour)
);
`,
];

/** Brings the schema up to date in one transaction; refuses a tape from a newer build. */
export function migrateTape(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > tapeMigrations.length) {
    throw new Error(`the tape is at schema ${version}, newer than this build knows (up to ${tapeMigrations.length}): refusing to touch it; run the newer build, or restore a copy made before it`);
  }
  db.transaction(() => {
    for (let i = version; i < tapeMigrations.length; i++) db.exec(tapeMigrations[i]!);
    db.pragma(`user_version = ${tapeMigrations.length}`);
  })();
}
