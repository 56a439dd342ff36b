import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readProxyEnv } from '@/proxy';
import { createAccountCredentials } from '@/service';
import { root } from '../helpers/app';

const account = createAccountCredentials();
const remote = {
  SERVICE_BASE_URL: 'https://api.example.com/',
  SERVICE_ACCOUNT_ID: account.accountId,
  SERVICE_KEY: account.key,
  SERVICE_SECRET: account.secret,
};
const problem = (env: Record<string, string | undefined>) => {
  try {
    readProxyEnv(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('environment', () => {
  it('defaults to loopback:8080 and the embedded service', () => {
    const env = readProxyEnv({});
    expect(env).toMatchObject({ host: '127.0.0.1', port: 8080, journalPath: 'data/journal.sqlite' });
    expect(env.serviceBaseUrl).toBeUndefined();
  });

  it('reads a real deployment with its account', () => {
    expect(readProxyEnv({ ...remote })).toMatchObject({ serviceBaseUrl: 'https://api.example.com', account });
  });

  it('takes SERVICE_SECRET out of the environment it read, so no child process inherits it', () => {
    const env: Record<string, string | undefined> = { ...remote };
    expect(readProxyEnv(env).account?.secret).toBe(account.secret);
    expect(env).not.toHaveProperty('SERVICE_SECRET');
    expect(env.SERVICE_KEY).toBe(account.key);
  });

  it('listens beyond loopback only with ALLOWED_HOSTS, and checks each name', () => {
    expect(problem({ HOST: '0.0.0.0' })).toBe(
      'HOST=0.0.0.0 listens beyond loopback: set ALLOWED_HOSTS to the host names the terminal is opened at (comma-separated)',
    );
    expect(readProxyEnv({ HOST: '0.0.0.0', ALLOWED_HOSTS: 'Trader.LAN, 10.0.0.5' }).allowedHosts).toEqual(['trader.lan', '10.0.0.5']);
    expect(problem({ HOST: '0.0.0.0', ALLOWED_HOSTS: 'http://trader.lan' })).toBe(
      'ALLOWED_HOSTS: "http://trader.lan" is not a host name (give names like trader.lan or 10.0.0.5, no scheme or port)',
    );
    expect(readProxyEnv({ HOST: '::1' }).allowedHosts).toEqual([]);
    // The service alone has no door to keep.
    expect(readProxyEnv({ HOST: '0.0.0.0' }, 'service').allowedHosts).toEqual([]);
    expect(readProxyEnv({ HOST: '127.0.0.2' }).allowedHosts).toEqual([]);
  });

  it('reads the limits, with their defaults', () => {
    expect(readProxyEnv({}).limits).toEqual({
      maxTicketOrders: 1000,
      maxTicketsInFlight: 4,
      maxQueueSeconds: 10,
      journalMinFreeMb: 64,
      journalRetentionDays: 90,
      tapeRetentionDays: 30,
      maxSessions: 50,
      maxHeldOrders: 500,
      leaseTtlMs: 3000,
      approvalTtlMs: 600_000,
    });
    expect(readProxyEnv({ MAX_TICKET_ORDERS: '50', JOURNAL_RETENTION_DAYS: '0', TAPE_RETENTION_DAYS: '7' }).limits).toMatchObject({
      maxTicketOrders: 50,
      journalRetentionDays: 0,
      tapeRetentionDays: 7,
    });
    expect(problem({ TAPE_RETENTION_DAYS: '-1' })).toBe('TAPE_RETENTION_DAYS must be an integer from 0 to 36500, got "-1"');
    expect(problem({ MAX_TICKET_ORDERS: '0' })).toBe('MAX_TICKET_ORDERS must be an integer from 1 to 10000, got "0"');
    expect(problem({ MAX_QUEUE_SECONDS: 'soon' })).toBe('MAX_QUEUE_SECONDS must be an integer from 1 to 3600, got "soon"');
    expect(readProxyEnv({ LEASE_TTL_MS: '1500' }).limits.leaseTtlMs).toBe(1500);
    expect(problem({ LEASE_TTL_MS: '100' })).toBe('LEASE_TTL_MS must be an integer from 1000 to 60000, got "100"');
    expect(readProxyEnv({ APPROVAL_TTL: '3' }).limits.approvalTtlMs).toBe(180_000);
    expect(problem({ APPROVAL_TTL: '0' })).toBe('APPROVAL_TTL must be an integer from 1 to 1440, got "0"');
  });

  it('reads DATABASE_URL, postgres:// only, never echoing its password', () => {
    expect(readProxyEnv({}).databaseUrl).toBeUndefined();
    expect(readProxyEnv({ DATABASE_URL: ' ' }).databaseUrl).toBeUndefined();
    const url = 'postgres://desk:hunter2-pw@db.lan:5432/desk';
    const token = 'desk-token-0123456789';
    expect(readProxyEnv({ DATABASE_URL: ` ${url} `, TERMINAL_TOKEN: token }).databaseUrl).toBe(url);
    expect(readProxyEnv({ DATABASE_URL: 'postgresql://db.lan/desk', TERMINAL_TOKEN: token }).databaseUrl).toBe('postgresql://db.lan/desk');
    expect(problem({ DATABASE_URL: url })).toBe('DATABASE_URL is set: set TERMINAL_TOKEN too, the same on every proxy of the desk');
    expect(problem({ DATABASE_URL: 'mysql://desk:hunter2-pw@db.lan/desk' })).toBe(
      'DATABASE_URL must start with postgres:// or postgresql://, got mysql://',
    );
    expect(problem({ DATABASE_URL: 'postgres://desk:hunter2-pw@[db.lan/desk' })).toBe(
      'DATABASE_URL is not a URL: "postgres://desk:***@[db.lan/desk" (give postgres://user:password@host:5432/name)',
    );
    expect(problem({ DATABASE_URL: 'desk:hunter2-pw@db.lan' })).not.toContain('hunter2');
    expect(problem({ DATABASE_URL: 'postgres://desk:hunter2-pw@/desk' })).toMatch(/^DATABASE_URL is not a URL: "postgres:\/\/desk:\*\*\*@\/desk"/);
  });

  it('names the variable and what is wrong, one line, never the secret', () => {
    expect(problem({ ...remote, SERVICE_KEY: undefined })).toBe('SERVICE_KEY is required when SERVICE_BASE_URL is set');
    expect(problem({ ...remote, SERVICE_ACCOUNT_ID: ' ' })).toBe('SERVICE_ACCOUNT_ID is required when SERVICE_BASE_URL is set');
    expect(problem({ ...remote, SERVICE_KEY: 'abc' })).toBe('SERVICE_KEY must start with "ed25519:"');
    expect(problem({ ...remote, SERVICE_BASE_URL: 'ftp://x' })).toBe('SERVICE_BASE_URL must be http or https, got ftp:');
    expect(problem({ ...remote, SERVICE_BASE_URL: 'not a url' })).toBe('SERVICE_BASE_URL is not a URL: "not a url"');
    expect(problem({ PORT: '99999' })).toBe('PORT must be an integer from 0 to 65535, got "99999"');
    const wrongSecret = 'OIl0-this-is-the-secret-value';
    const message = problem({ ...remote, SERVICE_SECRET: wrongSecret });
    expect(message).toBe('SERVICE_SECRET is not base58 (Bitcoin alphabet)');
    expect(message).not.toContain(wrongSecret);
    const other = createAccountCredentials();
    const mismatch = problem({ ...remote, SERVICE_SECRET: other.secret });
    expect(mismatch).toBe('SERVICE_SECRET does not belong to SERVICE_KEY (its public key differs)');
    expect(mismatch).not.toContain(other.secret);
  });

  it('stops `npm start` with that one line and a failing exit code', () => {
    const secret = 'OIl0-this-is-the-secret-value';
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: { ...process.env, ...remote, SERVICE_SECRET: secret },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['error: SERVICE_SECRET is not base58 (Bitcoin alphabet)']);
    expect(run.stdout + run.stderr).not.toContain(secret);
  });
});
