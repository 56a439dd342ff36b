import { deskNameSchema, describeIssues } from '../interface';
import { KeyFormatError, parseSecret, parseServiceKey } from '../interface/keys';
import { AccountsFileError, readAccountsFile } from './accountsFile';
import { proxyDefaults, type ServiceAccount } from './options';
import { redactUrl } from './postgres/failures';

export type { ServiceAccount };
import { createSigner } from './sending/signer';

export class StartupError extends Error {}


export interface ProxyEnv {
  host: string;
  port: number;
  /** Set: a real deployment; unset: start the embedded service. */
  serviceBaseUrl?: string;
  account?: ServiceAccount;
  /** SERVICE_ACCOUNT_NAME: what tickets call the environment's account (default `main`). */
  accountName?: string;
  /** ACCOUNTS_FILE's accounts, beside the environment's own (issue 30). */
  accounts: ServiceAccount[];
  dataDir: string;
  journalPath: string;
  terminalToken?: string;
  /** DATABASE_URL: a desk's PostgreSQL; unset, SQLite files in DATA_DIR. */
  databaseUrl?: string;
  serviceTimeoutMs: number;
  /** Host names beyond loopback the terminal may be opened at (ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** The limits (see options.ts for what each bounds). */
  limits: {
    maxTicketOrders: number;
    maxTicketsInFlight: number;
    maxQueueSeconds: number;
    journalMinFreeMb: number;
    journalRetentionDays: number;
    tapeRetentionDays: number;
    maxSessions: number;
    maxHeldOrders: number;
    leaseTtlMs: number;
    /** APPROVAL_TTL, given in minutes: how long a ticket waits for approval before it expires. */
    approvalTtlMs: number;
  };
}

export const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/;
const HOST_NAME = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/;

/** ALLOWED_HOSTS: comma-separated host names (no scheme, no port), required beyond loopback. */
function allowedHostsOf(env: Env, host: string, required: boolean): string[] {
  const names = (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of names) {
    if (!HOST_NAME.test(name)) {
      throw new StartupError(`ALLOWED_HOSTS: "${name}" is not a host name (give names like trader.lan or 10.0.0.5, no scheme or port)`);
    }
  }
  if (required && !LOOPBACK_ADDRESS.test(host) && names.length === 0) {
    throw new StartupError(
      `HOST=${host} listens beyond loopback: set ALLOWED_HOSTS to the host names the terminal is opened at (comma-separated)`,
    );
  }
  return names;
}

function limitsOf(env: Env): ProxyEnv['limits'] {
  return {
    maxTicketOrders: integer(env, 'MAX_TICKET_ORDERS', proxyDefaults.maxTicketOrders, 1, 10_000),
    maxTicketsInFlight: integer(env, 'MAX_TICKETS_IN_FLIGHT', proxyDefaults.maxTicketsInFlight, 1, 100),
    maxQueueSeconds: integer(env, 'MAX_QUEUE_SECONDS', proxyDefaults.maxQueueSeconds, 1, 3600),
    journalMinFreeMb: integer(env, 'JOURNAL_MIN_FREE_MB', proxyDefaults.journalMinFreeMb, 0, 1_000_000),
    journalRetentionDays: integer(env, 'JOURNAL_RETENTION_DAYS', proxyDefaults.journalRetentionDays, 0, 36_500),
    tapeRetentionDays: integer(env, 'TAPE_RETENTION_DAYS', proxyDefaults.tapeRetentionDays, 0, 36_500),
    maxSessions: integer(env, 'MAX_SESSIONS', proxyDefaults.maxSessions, 1, 10_000),
    maxHeldOrders: integer(env, 'MAX_HELD_ORDERS', proxyDefaults.maxHeldOrders, 1, 100_000),
    leaseTtlMs: integer(env, 'LEASE_TTL_MS', proxyDefaults.leaseTtlMs, 1000, 60_000),
    approvalTtlMs: integer(env, 'APPROVAL_TTL', proxyDefaults.approvalTtlMinutes, 1, 24 * 60) * 60_000,
  };
}

type Env = Record<string, string | undefined>;

/** SERVICE_ACCOUNT_NAME and ACCOUNTS_FILE: the environment's account's name, and more accounts. */
function accountsOfEnv(env: Env): Pick<ProxyEnv, 'accountName' | 'accounts'> {
  const nameText = env.SERVICE_ACCOUNT_NAME?.trim() || undefined;
  const name = nameText === undefined ? undefined : deskNameSchema.safeParse(nameText);
  if (name && !name.success) throw new StartupError(`SERVICE_ACCOUNT_NAME: ${describeIssues(name.error)}`);
  const file = env.ACCOUNTS_FILE?.trim();
  try {
    return { accountName: name?.data, accounts: file ? readAccountsFile(file) : [] };
  } catch (error) {
    if (error instanceof AccountsFileError) throw new StartupError(error.message);
    throw error;
  }
}

/** DATABASE_URL, when set: a postgres:// URL. A problem is worded without the password. */
function databaseUrlOf(env: Env): string | undefined {
  const text = env.DATABASE_URL?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StartupError(`DATABASE_URL is not a URL: "${redactUrl(text)}" (give postgres://user:password@host:5432/name)`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new StartupError(`DATABASE_URL must start with postgres:// or postgresql://, got ${url.protocol}//`);
  }
  return text;
}

function required(env: Env, name: string): string {
  const value = env[name];
  if (value === undefined || value.trim() === '') {
    throw new StartupError(`${name} is required when SERVICE_BASE_URL is set`);
  }
  return value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new StartupError(`${name} must be an integer from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

/**
 * Reads and checks the environment. Every problem is one line naming the variable and what is
 * wrong; the secret's value never appears in it. SERVICE_SECRET is removed from `env` once read.
 */
export function readProxyEnv(env: Env, mode: 'terminal' | 'service' = 'terminal'): ProxyEnv {
  const host = env.HOST?.trim() || '127.0.0.1';
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const dataDir = env.DATA_DIR?.trim() || 'data';
  const journalPath = env.JOURNAL_PATH?.trim() || `${dataDir}/journal.sqlite`;
  const serviceTimeoutMs = integer(env, 'SERVICE_TIMEOUT_MS', proxyDefaults.serviceTimeoutMs, 100, 120_000);
  const terminalToken = env.TERMINAL_TOKEN?.trim() || undefined;
  if (terminalToken !== undefined && !/^[A-Za-z0-9_-]{16,128}$/.test(terminalToken)) {
    throw new StartupError('TERMINAL_TOKEN must be 16 to 128 letters, digits, "-" or "_"');
  }
  // The service alone (`npm run service`) has no door: its clients sign every order themselves.
  const allowedHosts = allowedHostsOf(env, host, mode === 'terminal');
  const databaseUrl = databaseUrlOf(env);
  // A desk's proxies share their sessions, tied to one token: a token each proxy generated for
  // itself would end the others' sessions at every start, and no link would open on all of them.
  if (databaseUrl !== undefined && terminalToken === undefined && mode === 'terminal') {
    throw new StartupError('DATABASE_URL is set: set TERMINAL_TOKEN too, the same on every proxy of the desk');
  }
  const base = { host, port, dataDir, journalPath, databaseUrl, serviceTimeoutMs, terminalToken, allowedHosts, limits: limitsOf(env), ...accountsOfEnv(env) };

  const baseUrlText = env.SERVICE_BASE_URL?.trim();
  if (!baseUrlText) return base;

  let url: URL;
  try {
    url = new URL(baseUrlText);
  } catch {
    throw new StartupError(`SERVICE_BASE_URL is not a URL: "${baseUrlText}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new StartupError(`SERVICE_BASE_URL must be http or https, got ${url.protocol}`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new StartupError('SERVICE_BASE_URL must not carry a query, fragment or credentials');
  }
  const accountId = required(env, 'SERVICE_ACCOUNT_ID');
  const key = required(env, 'SERVICE_KEY');
  const secret = required(env, 'SERVICE_SECRET');
  // Read once and gone from the environment, so no child process or env dump inherits it.
  delete env.SERVICE_SECRET;
  try {
    parseServiceKey(key);
  } catch (error) {
    if (error instanceof KeyFormatError) throw new StartupError(`SERVICE_KEY ${error.message}`);
    throw error;
  }
  try {
    parseSecret(secret);
  } catch (error) {
    // The message names the variable and the problem only, never the value.
    if (error instanceof KeyFormatError) {
      throw new StartupError(`SERVICE_SECRET ${error.message.replace(/^the secret /, '')}`);
    }
    throw error;
  }
  if (createSigner(secret).key !== key) {
    throw new StartupError('SERVICE_SECRET does not belong to SERVICE_KEY (its public key differs)');
  }
  return {
    ...base,
    serviceBaseUrl: url.href.replace(/\/+$/, ''),
    account: { name: base.accountName, accountId, key, secret },
  };
}
