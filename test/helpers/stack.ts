import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authHeaders } from '@/interface';
import { createSigner, startProxy, type ProxyOptions } from '@/proxy';
import { createAccountCredentials, startService, type AccountCredentials, type ServiceOptions } from '@/service';

export const TOKEN = 'test-token-0123456789abcdef';

export function tempDir(prefix = 'perp-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Headers of a request signed as docs/contract/decisions.md says, with knobs to get it wrong on purpose. */
export function signedHeaders(
  account: AccountCredentials,
  body: string,
  options: { timestamp?: number; recvWindow?: number; path?: string; signWith?: string; key?: string } = {},
): Record<string, string> {
  const timestamp = options.timestamp ?? Date.now();
  const signer = createSigner(options.signWith ?? account.secret);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [authHeaders.accountId]: account.accountId,
    [authHeaders.key]: options.key ?? account.key,
    [authHeaders.timestamp]: String(timestamp),
    [authHeaders.signature]: signer.sign({ timestamp, method: 'POST', path: options.path ?? '/v1/batch-order', body }),
  };
  if (options.recvWindow !== undefined) headers[authHeaders.recvWindow] = String(options.recvWindow);
  return headers;
}

export async function postSigned(
  baseUrl: string,
  account: AccountCredentials,
  orders: unknown,
  options: Parameters<typeof signedHeaders>[2] = {},
) {
  const body = JSON.stringify({ orders });
  const response = await fetch(`${baseUrl}/v1/batch-order`, {
    method: 'POST',
    headers: signedHeaders(account, body, options),
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data?: { rows: Record<string, unknown>[] } } };
}

/** The embedded service with a registered account, on a free loopback port. */
/** The environment of an app (`npm start`) signing for `account` at the service behind `url`. */
export function signingEnv(url: string, account: { accountId: string; key: string; secret: string }): Record<string, string> {
  return { SERVICE_BASE_URL: url, SERVICE_ACCOUNT_ID: account.accountId, SERVICE_KEY: account.key, SERVICE_SECRET: account.secret };
}

export async function serviceWithAccount(options: ServiceOptions = {}) {
  const service = await startService({ seed: 42, ...options });
  const account = createAccountCredentials();
  service.accounts.register(account.accountId, account.key);
  return { service, account };
}

/** A mark price of a symbol as the service has it now, rounded for a limit order near it. */
export async function markOf(baseUrl: string, symbol: string): Promise<number> {
  const response = (await (await fetch(`${baseUrl}/v1/public/futures`)).json()) as {
    data: { rows: { symbol: string; mark_price: number }[] };
  };
  const row = response.data.rows.find((item) => item.symbol === symbol);
  if (!row) throw new Error(`no ${symbol}`);
  return row.mark_price;
}

export interface Stack {
  service: Awaited<ReturnType<typeof startService>>;
  account: AccountCredentials;
  proxy: Awaited<ReturnType<typeof startProxy>>;
  origin: string;
  cookie: string;
  /** fetch against the proxy as the terminal does: same Origin, session cookie. */
  call(path: string, init?: RequestInit & { idempotencyKey?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** Logs in with the token and returns the session cookie. */
export async function login(proxyUrl: string, token = TOKEN): Promise<string> {
  const response = await fetch(`${proxyUrl}?token=${token}`, { redirect: 'manual' });
  const cookie = response.headers.get('set-cookie');
  if (response.status !== 303 || !cookie) throw new Error(`login failed: ${response.status}`);
  return cookie.split(';')[0] ?? '';
}

/** The embedded service and the proxy in front of it, signed in. */
export async function startStack(
  options: { proxy?: Partial<ProxyOptions>; service?: ServiceOptions; serviceBaseUrl?: string; signIn?: boolean } = {},
): Promise<Stack> {
  const { service, account } = await serviceWithAccount(options.service);
  const proxy = await startProxy({
    serviceBaseUrl: options.serviceBaseUrl ?? service.url,
    embedded: true,
    account,
    journalPath: join(tempDir(), 'journal.sqlite'),
    host: '127.0.0.1',
    port: 0,
    terminalToken: TOKEN,
    serviceTimeoutMs: 2000,
    ...options.proxy,
  });
  const origin = proxy.url.replace(/\/$/, '');
  const cookie = options.signIn === false ? '' : await login(proxy.url, proxy.door.token);
  return {
    service,
    account,
    proxy,
    origin,
    cookie,
    call: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('origin', origin);
      headers.set('cookie', cookie);
      if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
      if (init.idempotencyKey) headers.set('idempotency-key', init.idempotencyKey);
      return fetch(origin + path, { ...init, headers });
    },
    close: async () => {
      await proxy.close();
      await service.close();
    },
  };
}

let keyCounter = 0;
export function ticketKey(): string {
  keyCounter += 1;
  return `test-${Date.now().toString(36)}-${keyCounter}-${Math.random().toString(36).slice(2, 8)}`;
}
