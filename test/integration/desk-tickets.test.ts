import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalOrder, Readiness } from '@/interface';
import { startProxy, type ProxyOptions } from '@/proxy';
import { createAccountCredentials } from '@/service';
import { ethOrder } from '../fixtures/orders';
import { createDatabase, startPostgres, type PostgresServer } from '../helpers/postgres';
import { login, markOf, serviceWithAccount, tempDir, ticketKey, TOKEN } from '../helpers/stack';
import { startTcpSwitch } from '../helpers/tcpSwitch';

let server: PostgresServer;
let running: Awaited<ReturnType<typeof serviceWithAccount>>;
let mark: number;
const closers: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  server = await startPostgres({ database: 'desk_tickets' });
  closers.push(() => server.stop());
  running = await serviceWithAccount();
  closers.push(() => running.service.close());
  mark = await markOf(running.service.url, 'PERP_ETH_USDC');
});
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
});

/** One proxy of the desk, signed in: its journal is the desk's database. */
async function deskProxy(databaseUrl: string, extra: Partial<ProxyOptions> = {}) {
  const proxy = await startProxy({
    serviceBaseUrl: running.service.url,
    embedded: true,
    account: running.account,
    journalPath: join(tempDir(), 'journal.sqlite'),
    host: '127.0.0.1',
    port: 0,
    terminalToken: TOKEN,
    databaseUrl,
    pacingMs: 0,
    ...extra,
  });
  closers.push(() => proxy.close());
  const origin = proxy.url.replace(/\/$/, '');
  const cookie = await login(proxy.url);
  const call = (path: string, init: RequestInit & { key?: string } = {}) =>
    fetch(origin + path, {
      ...init,
      headers: { origin, cookie, 'content-type': 'application/json', ...(init.key ? { 'idempotency-key': init.key } : {}) },
    });
  const send = (orders: unknown[], key = ticketKey()) => call('/v1/batch-order', { method: 'POST', key, body: JSON.stringify({ orders }) });
  const orders = async (query = '') => ((await (await call(`/api/orders?limit=100${query}`)).json()) as { data: { rows: JournalOrder[] } }).data.rows;
  return { proxy, call, send, orders };
}

describe('two proxies on one database', () => {
  it('journal a ticket posted to either, list every ticket from both, and take a key once', async () => {
    const first = await deskProxy(server.url);
    const second = await deskProxy(server.url);
    expect((await first.send([ethOrder(mark, { client_order_id: 'desk-a' })])).status).toBe(200);
    expect((await second.send([ethOrder(mark, { client_order_id: 'desk-b' })])).status).toBe(200);
    for (const proxy of [first, second]) {
      const ids = (await proxy.orders()).map((row) => row.client_order_id);
      expect(ids).toEqual(expect.arrayContaining(['desk-a', 'desk-b']));
    }
    // The same key to both at once: one ticket, one order at the service.
    const before = running.service.desk.accepted.length;
    const key = ticketKey();
    const answers = await Promise.all([first, second].map((proxy) => proxy.send([ethOrder(mark, { client_order_id: 'desk-once' })], key)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200]);
    await expect.poll(async () => (await first.orders(`&ticket=${key}`)).map((row) => row.status)).toEqual(['accepted']);
    expect(running.service.desk.accepted.length - before).toBe(1);
    // A live client order id held through one proxy is refused by the other.
    const reused = await second.send([ethOrder(mark, { client_order_id: 'desk-a' })]);
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { message: string }).message).toMatch(/client_order_id desk-a is already used by an order of ticket/);
  });
});

describe('a sender stopped cleanly with tickets waiting at its pacer', () => {
  it('leaves them journaled for the proxy that sends next, which sends each once', async () => {
    const url = await createDatabase(server, 'desk_handover');
    // An account of its own: the last test's requests must not meet the service's 1/s per key.
    const account = createAccountCredentials();
    running.service.accounts.register(account.accountId, account.key);
    // Paced as deployed: tickets posted together wait their turn of one request a second. A clean
    // stop releases the lease, so its length costs nothing here; a long one keeps a loaded
    // machine's late renewals from handing it over before the stop.
    const sender = await deskProxy(url, { account, pacingMs: 1100, leaseTtlMs: 5000 });
    const next = await deskProxy(url, { account, pacingMs: 1100, leaseTtlMs: 5000 });
    const sending = async (desk: typeof sender) => ((await (await desk.call('/api/health/ready')).json()) as Readiness).sending;
    await expect.poll(() => sending(sender), { timeout: 10_000 }).toBe(true);
    expect(await sending(next)).toBe(false);
    const ids = ['handover-1', 'handover-2', 'handover-3'];
    const keys = ids.map(() => ticketKey());
    const before = running.service.desk.accepted.length;
    const answers = ids.map((id, i) => sender.send([ethOrder(mark, { client_order_id: id })], keys[i]).catch((error: Error) => error));
    // All three journaled, the first at the service, the others waiting their turn: then the stop.
    await expect.poll(async () => (await next.orders()).filter((row) => ids.includes(row.client_order_id ?? '')).length, { timeout: 10_000 }).toBe(3);
    await expect.poll(() => running.service.desk.accepted.length - before, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await sender.proxy.close();
    await Promise.all(answers);
    // The next sender takes the released lease at once and sends what was left, once each.
    await expect.poll(async () => (await Promise.all(keys.map(async (key) => (await next.orders(`&ticket=${key}`))[0]?.status))), { timeout: 10_000 })
      .toEqual(['accepted', 'accepted', 'accepted']);
    expect(await sending(next)).toBe(true);
    const placed = running.service.desk.accepted.slice(before).map((order) => order.client_order_id).filter((id) => id?.startsWith('handover-'));
    expect(placed.sort()).toEqual(ids);
  });
});

describe('when the database goes away', () => {
  it('refuses new tickets with 503 and writes nothing, keeps market reads, and recovers by itself', async () => {
    const relay = await startTcpSwitch(server.port);
    closers.push(() => relay.close());
    const desk = await deskProxy(server.url.replace(`:${server.port}/`, `:${relay.port}/`));
    const ready = async () => {
      const answer = await desk.call('/api/health/ready');
      return { status: answer.status, body: (await answer.json()) as Readiness };
    };
    expect(await ready()).toMatchObject({ status: 200, body: { ready: true, journal: 'postgres', problem: null } });
    relay.cut();
    // The session check itself needs the database: the answer says the journal is unavailable.
    const key = ticketKey();
    const refused = await desk.send([ethOrder(mark, { client_order_id: 'outage-1' })], key);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^the journal is unavailable/);
    expect((await desk.call('/v1/public/futures')).status).toBe(200);
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ ready: false, journal: 'postgres', problem: expect.stringMatching(/^the journal is unavailable/) });
    relay.restore();
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
    expect((await desk.orders(`&ticket=${key}`))).toEqual([]);
    expect((await desk.send([ethOrder(mark, { client_order_id: 'outage-1' })], key)).status).toBe(200);
  });
});
