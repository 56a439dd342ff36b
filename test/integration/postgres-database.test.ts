import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, openPostgres, postgresMigrations, redactUrl, type Postgres } from '@/proxy/postgres';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { startTcpSwitch } from '../helpers/tcpSwitch';

const exec = promisify(execFile);
const PASSWORD = 's3cr@t-Pässword';
const withPassword = (url: string) => url.replace('postgres://postgres@', `postgres://postgres:${encodeURIComponent(PASSWORD)}@`);
const leaks = (text: string) => text.includes(PASSWORD) || text.includes(encodeURIComponent(PASSWORD)) || text.includes('s3cr');

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function recordingLog() {
  const lines: { level: string; fields: object; message: string }[] = [];
  const log = {
    warn: (fields: object, message: string) => lines.push({ level: 'warn', fields, message }),
    info: (fields: object, message: string) => lines.push({ level: 'info', fields, message }),
  };
  return { lines, log, text: () => JSON.stringify(lines) };
}

let server: PostgresServer;
const opened: Postgres[] = [];
const open = (...args: Parameters<typeof openPostgres>) => {
  const db = openPostgres(...args);
  opened.push(db);
  return db;
};
beforeAll(async () => {
  server = await startPostgres({ database: 'desk' });
});
afterAll(async () => {
  for (const db of opened) await db.close().catch(() => undefined);
  await server?.stop();
});

describe('the Postgres object', () => {
  it('reads int8 and numeric as numbers for its own pool only', async () => {
    const db = open(server.url);
    const { rows } = await db.query<{ at: unknown; n: unknown; price: unknown }>(
      'SELECT $1::bigint AS at, count(*) AS n, 0.1::numeric AS price FROM generate_series(1, 3)',
      [1_767_225_600_123],
    );
    expect(rows[0]).toEqual({ at: 1_767_225_600_123, n: 3, price: 0.1 });
    expect(pg.types.getTypeParser(20, 'text')('5')).toBe('5');
  });

  it('commits a transaction, rolls one back on a throw, and hands its connection back', async () => {
    const db = open(server.url, { max: 1 });
    await db.query('CREATE TABLE notes (id integer PRIMARY KEY)');
    await db.transaction(async (client) => client.query('INSERT INTO notes VALUES (1)'));
    await expect(
      db.transaction(async (client) => {
        await client.query('INSERT INTO notes VALUES (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(db.transaction(async (client) => client.query('INSERT INTO notes VALUES (1)'))).rejects.toThrow(/duplicate key/);
    // One connection in the pool: this query would wait for ever if a transaction kept it.
    const { rows } = await db.query<{ id: number }>('SELECT id FROM notes ORDER BY id');
    expect(rows).toEqual([{ id: 1 }]);
    expect(db.available).toBe(true);
  });

  it('sets a connect and a statement timeout', async () => {
    const db = open(server.url);
    const { rows } = await db.query<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(rows[0]?.statement_timeout).toBe('15s');
    const quick = open(server.url, { statementTimeoutMs: 200 });
    await expect(quick.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
    expect(quick.available).toBe(true);
  });

  it('ends a transaction left idle past idleInTransactionMs, so a frozen caller does not hold its locks for long', async () => {
    const db = open(server.url, { idleInTransactionMs: 1000 });
    const other = open(server.url);
    await db.query('CREATE TABLE leases_held (id integer PRIMARY KEY, holder text)');
    await db.query("INSERT INTO leases_held VALUES (1, 'a')");
    let locked!: () => void;
    const hasLock = new Promise<void>((resolve) => (locked = resolve));
    let thaw!: () => void;
    const thawed = new Promise<void>((resolve) => (thaw = resolve));
    // The row updated, then the caller stalls between statements (as a paused process would)
    // until the successor got the row.
    const frozen = db.transaction(async (client) => {
      await client.query("UPDATE leases_held SET holder = 'frozen' WHERE id = 1");
      locked();
      await thawed;
      await client.query('SELECT 1');
    });
    frozen.catch(() => undefined);
    await hasLock;
    const startedAt = performance.now();
    await other.query("UPDATE leases_held SET holder = 'successor' WHERE id = 1");
    const waitedMs = performance.now() - startedAt;
    thaw();
    // Waited for the server to end the idle transaction (about 1 s), not for the caller, which
    // stays frozen until after it.
    expect(waitedMs).toBeGreaterThan(500);
    expect(waitedMs).toBeLessThan(3500);
    // Ended by the server: the caller learns it at its next statement, as the database unavailable
    // (whether its work was kept is for it to find out), and nothing crashes.
    await expect(frozen).rejects.toThrow(DatabaseUnavailableError);
    const { rows } = await other.query<{ holder: string }>('SELECT holder FROM leases_held');
    expect(rows).toEqual([{ holder: 'successor' }]);
    const { rows: setting } = await db.query<{ idle_in_transaction_session_timeout: string }>('SHOW idle_in_transaction_session_timeout');
    expect(setting[0]?.idle_in_transaction_session_timeout).toBe('1s');
  });
});

describe('an outage', () => {
  it('is one error kind, logged once when it starts and once when it ends, and crashes nothing', async () => {
    const relay = await startTcpSwitch(server.port);
    const { lines, log } = recordingLog();
    const db = open(server.url.replace(`:${server.port}/`, `:${relay.port}/`), { log, connectTimeoutMs: 1000 });
    try {
      await db.query('SELECT 1');
      expect(db.outageSince).toBeNull();
      relay.cut();
      const failures = await Promise.all([1, 2, 3, 4].map(() => db.query('SELECT 1').catch((error: unknown) => error)));
      await expect(db.transaction(async (client) => client.query('SELECT 1'))).rejects.toThrow(DatabaseUnavailableError);
      for (const failure of failures) {
        expect(failure).toBeInstanceOf(DatabaseUnavailableError);
        expect((failure as Error).message).toMatch(/^the journal is unavailable: the (connection to the database was lost|database refused)/);
      }
      expect(db.available).toBe(false);
      expect(db.outageSince).toBeGreaterThan(Date.now() - 60_000);
      relay.restore();
      await db.query('SELECT 1');
      await db.query('SELECT 1');
      expect(db.available).toBe(true);
      expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
        'warn the database is unavailable: tickets and logins wait for it',
        'info the database is available again',
      ]);
    } finally {
      await relay.close();
    }
  });

  it('classifies a refused connection and a host that does not exist', async () => {
    const refused = open(`postgres://desk@127.0.0.1:${await closedPort()}/desk`);
    await expect(refused.query('SELECT 1')).rejects.toThrow('the journal is unavailable: the database refused the connection');
    const nowhere = open('postgres://desk@no-such-host.invalid/desk', { connectTimeoutMs: 3000 });
    await expect(nowhere.query('SELECT 1')).rejects.toThrow(/^the journal is unavailable: the database (host was not found|did not answer)/);
  });
});

describe('the password', () => {
  it('is redacted in the target', () => {
    expect(redactUrl('postgres://desk:hunter2@db.lan:5432/desk')).toBe('postgres://desk:***@db.lan:5432/desk');
    expect(redactUrl('postgresql://db.lan/desk?password=hunter2')).toBe('postgresql://db.lan/desk?password=***');
  });

  it('appears in no error and no log line', async () => {
    const { log, text } = recordingLog();
    const down = open(withPassword(`postgres://postgres@127.0.0.1:${await closedPort()}/desk`), { log });
    const errors: string[] = [];
    const record = (error: Error) => errors.push(`${error.message}\n${error.stack}\n${JSON.stringify(error)}`);
    await down.query('SELECT 1').catch(record);
    expect(down.target).toContain(':***@');
    const up = open(withPassword(server.url), { log });
    await up.query('SELECT no_such_column FROM pg_class').catch(record);
    await up.query(`SELECT '${PASSWORD}'::integer`).catch(record);
    expect(() => openPostgres(`postgres://desk:${PASSWORD}@[bad/desk`)).toThrow();
    try {
      openPostgres(`postgres://desk:${PASSWORD}@[bad/desk`);
    } catch (error) {
      record(error as Error);
    }
    expect(errors).toHaveLength(4);
    for (const error of errors) expect(leaks(error), error).toBe(false);
    expect(text()).toContain('the database is unavailable');
    expect(leaks(text())).toBe(false);
  });

  it('stays out of npm run migrate, which fails with one line', async () => {
    const url = withPassword(`postgres://postgres@127.0.0.1:${await closedPort()}/desk`);
    const failed = await exec('npx', ['tsx', 'src/proxy/postgres/migrateCommand.ts'], { env: { ...process.env, DATABASE_URL: url } }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect('code' in failed ? failed.code : 0).toBe(1);
    expect(failed.stderr.replace(/^npm warn.*\n/gm, '').trim()).toMatch(/^postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/desk: the journal is unavailable: the database refused the connection$/);
    expect(leaks(failed.stdout + failed.stderr)).toBe(false);
    const done = await exec('npx', ['tsx', 'src/proxy/postgres/migrateCommand.ts'], { env: { ...process.env, DATABASE_URL: withPassword(server.url) } });
    expect(done.stdout.trim()).toMatch(new RegExp(`^postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:\\d+/desk: schema version ${postgresMigrations.length}$`));
  });
});
