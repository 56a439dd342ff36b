import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, INSTALL_POSTGRES, postgresMajor, startPostgres, type PostgresServer } from '../helpers/postgres';
import { tempDir } from '../helpers/stack';

/** Resolves true when something accepts a TCP connection on the loopback port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the PostgreSQL the tests start', () => {
  let server: PostgresServer;
  let client: Client;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    server = await startPostgres();
    cleanups.push(() => server.stop());
    client = new Client({ connectionString: server.url });
    await client.connect();
    cleanups.push(() => client.end());
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('is 14 or later, durable, on loopback only, and not run by root', async () => {
    const setting = async (name: string) => (await client.query<{ value: string }>('SELECT current_setting($1) AS value', [name])).rows[0]?.value;
    expect(Number(await setting('server_version_num'))).toBeGreaterThanOrEqual(140000);
    expect(await setting('fsync')).toBe('on');
    expect(await setting('listen_addresses')).toBe('127.0.0.1');
    expect(await setting('port')).toBe(String(server.port));
    expect(server.url).toMatch(new RegExp(`^postgres://postgres@127\\.0\\.0\\.1:${server.port}/desk$`));
    expect(statSync(join(server.dir, 'data')).uid).not.toBe(0);
    const pid = Number(readFileSync(join(server.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    expect(uid).toBeDefined();
    expect(uid).not.toBe('0');
  });

  it('round-trips parametrised values exactly, quotes and decimals included', async () => {
    await client.query('CREATE TEMP TABLE tickets (id text PRIMARY KEY, quantity numeric NOT NULL, note text)');
    const id = `it's; DROP TABLE tickets; --`;
    const quantity = '0.100000000000000000000000001';
    await client.query('INSERT INTO tickets (id, quantity, note) VALUES ($1, $2, $3)', [id, quantity, 'Ордер 買い ✓']);
    await client.query('INSERT INTO tickets (id, quantity, note) VALUES ($1, $2, $3)', ['other', '2', null]);
    const { rows } = await client.query<{ id: string; quantity: string; note: string | null }>(
      'SELECT id, quantity, note FROM tickets WHERE id = $1',
      [id],
    );
    expect(rows).toEqual([{ id, quantity, note: 'Ордер 買い ✓' }]);
    const count = await client.query<{ n: string }>('SELECT count(*) AS n FROM tickets');
    expect(count.rows[0]?.n).toBe('2');
    await expect(client.query('INSERT INTO tickets (id, quantity) VALUES ($1, $2)', ['other', '1'])).rejects.toThrow(/duplicate key/);
  });

  it('stop() shuts the server and removes its directory', async () => {
    const other = await startPostgres({ database: 'second_desk' });
    expect(await accepts(other.port)).toBe(true);
    expect(existsSync(other.dir)).toBe(true);
    await other.stop();
    expect(existsSync(other.dir)).toBe(false);
    expect(await accepts(other.port)).toBe(false);
    await other.stop();
    const probe = new Client({ connectionString: other.url, connectionTimeoutMillis: 2000 });
    await expect(probe.connect()).rejects.toThrow();
  });
});

describe('without a usable server', () => {
  const made: string[] = [];
  const scratch = (prefix: string) => {
    const dir = tempDir(prefix);
    made.push(dir);
    return dir;
  };
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('fails and says what to install, never skips', () => {
    const empty = scratch('perp-no-pg-');
    expect(() => findPostgresBin({ libDir: join(empty, 'postgresql'), path: empty })).toThrow(INSTALL_POSTGRES);
    expect(INSTALL_POSTGRES).toBe('apt-get install postgresql (14 or later)');
  });

  it('refuses a server older than 14', async () => {
    const bin = join(scratch('perp-old-pg-'), 'postgresql', '13', 'bin');
    mkdirSync(bin, { recursive: true });
    for (const program of ['initdb', 'pg_ctl', 'postgres']) {
      writeFileSync(join(bin, program), '#!/bin/sh\necho "postgres (PostgreSQL) 13.16 (Debian 13.16-0+deb11u1)"\n');
      chmodSync(join(bin, program), 0o755);
    }
    expect(findPostgresBin({ libDir: join(bin, '..', '..'), path: '' })).toBe(bin);
    expect(findPostgresBin({ libDir: scratch('perp-no-pg-'), path: `/nonexistent:${bin}` })).toBe(bin);
    await expect(postgresMajor(bin)).rejects.toThrow(/PostgreSQL 13 .* too old: the tests need 14 or later/);
  });
});
