import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '@/interface';
import { startProxy, type ProxyOptions, type RunningProxy } from '@/proxy';
import { hashToken, newLinkToken, type DeskPeople } from '@/proxy/desk/people';
import { PostgresPeople } from '@/proxy/desk/postgresPeople';
import { SqlitePeople } from '@/proxy/desk/sqlitePeople';
import { openPostgres } from '@/proxy/postgres';
import { createDatabase, startPostgres, type PostgresServer } from './postgres';
import { login, markOf, serviceWithAccount, tempDir, ticketKey, TOKEN } from './stack';

/** A proxy of a desk over HTTP, on SQLite or a real PostgreSQL, with its people store beside it. */
export interface Desk {
  proxy: RunningProxy;
  /** The store the proxy reads, opened beside it as the desk command does. */
  people: DeskPeople;
  databaseUrl?: string;
  call(cookie: string, path: string, init?: RequestInit & { key?: string; account?: string }): Promise<Response>;
  /** Adds a user and signs them in with a one-time link; returns their session cookie. */
  signIn(name: string, roles: Role[], accounts?: '*' | string[]): Promise<string>;
  /** Signs an existing user in with a new link (another browser, or another proxy of the desk). */
  signInAgain(name: string): Promise<string>;
}

export interface DeskPlaces {
  server: () => PostgresServer;
  service: () => { url: string; account: ProxyOptions['account']; register(accountId: string, key: string): void };
  closers: (() => Promise<unknown>)[];
}

let databases = 0;

/** Starts a proxy on `store`; with `databaseUrl` it joins that desk's database (a second proxy). */
export async function startDesk(
  store: 'SQLite' | 'PostgreSQL',
  places: DeskPlaces,
  more: Partial<ProxyOptions> & { databaseUrl?: string } = {},
): Promise<Desk> {
  const dir = tempDir();
  let databaseUrl = more.databaseUrl;
  let people: DeskPeople;
  if (store === 'PostgreSQL' && !databaseUrl) {
    databases += 1;
    databaseUrl = await createDatabase(places.server(), `desk_http_${process.pid}_${databases}`);
  }
  const service = places.service();
  const proxy = await startProxy({
    serviceBaseUrl: service.url,
    embedded: true,
    account: service.account,
    journalPath: join(dir, 'journal.sqlite'),
    host: '127.0.0.1',
    port: 0,
    terminalToken: TOKEN,
    pacingMs: 0,
    // A desk's tests call faster than a person: the per-session limit is not what they test.
    sessionRateLimit: 1000,
    ...more,
    databaseUrl,
  });
  places.closers.push(() => proxy.close());
  if (databaseUrl) {
    const pg = openPostgres(databaseUrl);
    places.closers.push(() => pg.close());
    people = new PostgresPeople(pg);
  } else {
    people = new SqlitePeople(join(dir, 'desk.sqlite'));
    places.closers.push(() => people.close());
  }
  const origin = proxy.url.replace(/\/$/, '');
  const call: Desk['call'] = (cookie, path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    headers.set('cookie', cookie);
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    if (init.key) headers.set('idempotency-key', init.key);
    if (init.account) headers.set('x-account', init.account);
    return fetch(origin + path, { ...init, headers, redirect: 'manual' });
  };
  const signInAgain: Desk['signInAgain'] = async (name) => {
    const token = newLinkToken();
    await people.issueLink(name, hashToken(token), Date.now());
    return login(proxy.url, token);
  };
  const signIn: Desk['signIn'] = async (name, roles, accounts = '*') => {
    await people.addUser({ name, roles, accounts }, Date.now());
    return signInAgain(name);
  };
  return { proxy, people, databaseUrl, call, signIn, signInAgain };
}

export const json = async <T = { message: string }>(answer: Response) => (await answer.json()) as T;

/** A POST of `body` as JSON, under an idempotency key (a new one unless given). */
export const postOf = (body: unknown, key = ticketKey()) => ({ method: 'POST', key, body: JSON.stringify(body) });
/** A request of `method`, with `body` as JSON when there is one. */
export const sendOf = (method: string, body?: unknown) => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/**
 * Signs in a new trader of account main for each call (`prefix`1, `prefix`2, …), with `limits`
 * set by the risk user: a day's use is kept, so each test starts from a trader with none.
 */
export function newTraders(desk: () => Desk, risk: () => string, prefix: string) {
  let made = 0;
  return async (limits: object): Promise<string> => {
    const name = `${prefix}${++made}`;
    const cookie = await desk().signIn(name, ['trader'], ['main']);
    const set = await desk().call(risk(), `/api/desk/limits/user/${name}`, sendOf('PUT', limits));
    if (set.status !== 200) throw new Error(`the limits of ${name} were not set: ${set.status}`);
    return cookie;
  };
}

/**
 * What a desk's HTTP tests share: a real embedded service (its 1/s batch limit off) and, when
 * asked, a real PostgreSQL, started before the file's tests and stopped after them with every
 * proxy the tests started.
 */
export function deskPlaces(options: { postgres: boolean }) {
  let server: PostgresServer | undefined;
  let running: Awaited<ReturnType<typeof serviceWithAccount>> | undefined;
  const closers: (() => Promise<unknown>)[] = [];
  const places: DeskPlaces = {
    server: () => server ?? raise('this file starts no PostgreSQL'),
    service: () =>
      running
        ? { url: running.service.url, account: running.account, register: (accountId: string, key: string) => running!.service.accounts.register(accountId, key) }
        : raise('the service is not started yet'),
    closers,
  };
  beforeAll(async () => {
    if (options.postgres) {
      server = await startPostgres({ database: 'desk' });
      closers.push(() => server!.stop());
    }
    running = await serviceWithAccount({ rateLimitPerSecond: false });
    closers.push(() => running!.service.close());
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  });
  return { places, markOf: (symbol: string) => markOf(places.service().url, symbol) };
}

function raise(message: string): never {
  throw new Error(message);
}
