import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Health, JournalOrder } from '@/interface';
import { createAccountCredentials, type AccountCredentials } from '@/service';
import { ethOrder } from '../fixtures/orders';
import { startApp } from '../helpers/app';
import { arm, armed, BTC, heldOrder, markTo, sentOrders } from '../helpers/held';
import { createDatabase, startPostgres, type PostgresServer } from '../helpers/postgres';
import { markOf, startStack, tempDir, ticketKey, type Stack } from '../helpers/stack';

/**
 * Several service accounts (issue 30): a ticket names its account in `x-account` (none: `main`),
 * is signed with that account's key and paced at that account's own pacer; held orders fire
 * through their account; keys and secrets never leave the proxy.
 */
let stack: Stack | undefined;
let hedge: AccountCredentials;
const lines: string[] = [];

async function twoAccounts(proxy: Parameters<typeof startStack>[0] = {}): Promise<Stack> {
  hedge = createAccountCredentials();
  lines.length = 0;
  const logger = { level: 'info', stream: { write: (line: string) => void lines.push(line) } };
  stack = await startStack({ ...proxy, proxy: { accounts: [{ name: 'hedge', ...hedge }], logger, ...proxy.proxy } });
  stack.service.accounts.register(hedge.accountId, hedge.key);
  return stack;
}
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function post(on: Stack, account: string | undefined, orders: unknown[], key = ticketKey()) {
  const headers: Record<string, string> = account === undefined ? {} : { 'x-account': account };
  const response = await on.call('/v1/batch-order', { method: 'POST', body: JSON.stringify({ orders }), idempotencyKey: key, headers });
  return { key, status: response.status, body: (await response.json()) as { message?: string; data?: { rows: JournalOrder[] } } };
}

const accountIdOf = (on: Stack, clientOrderId: string) => on.service.desk.accepted.find((order) => order.client_order_id === clientOrderId)?.accountId;

describe('several accounts', () => {
  it('signs a ticket on hedge with hedge\'s key, and one without the header as main, journaling who placed it', { timeout: 30_000 }, async () => {
    const on = await twoAccounts();
    const mark = await markOf(on.service.url, 'PERP_ETH_USDC');
    const onHedge = await post(on, 'hedge', [{ ...ethOrder(mark), client_order_id: 'acc-hedge' }]);
    const onMain = await post(on, undefined, [{ ...ethOrder(mark), client_order_id: 'acc-main' }]);
    expect([onHedge.status, onMain.status]).toEqual([200, 200]);
    expect(accountIdOf(on, 'acc-hedge')).toBe(hedge.accountId);
    expect(accountIdOf(on, 'acc-main')).toBe(on.account.accountId);
    expect(onHedge.body.data!.rows[0]).toMatchObject({ status: 'accepted', account: 'hedge', placed_by: 'terminal', approved_by: null });
    const listed = (await (await on.call('/api/orders?account=hedge')).json()) as { data: { rows: JournalOrder[] } };
    expect(listed.data.rows.map((row) => row.client_order_id)).toEqual(['acc-hedge']);
    const csv = await (await on.call('/api/orders.csv?account=main')).text();
    expect(csv).toContain('acc-main');
    expect(csv).not.toContain('acc-hedge');
  });

  it('refuses an unknown account with 400 naming the header and the accounts, sending nothing', { timeout: 30_000 }, async () => {
    const on = await twoAccounts();
    const answer = await post(on, 'nobody', [ethOrder(3000)]);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^x-account header: no account "nobody" here; this proxy signs for main, hedge/);
    expect(((await (await on.call(`/api/tickets/${answer.key}`)).json()) as { success: boolean }).success).toBe(false);
    const held = await on.call('/api/held-orders', { method: 'POST', idempotencyKey: ticketKey(), headers: { 'x-account': 'nobody' }, body: '{}' });
    expect(held.status).toBe(400);
  });

  it('paces each account on its own: one ticket each goes at once, two on one account a second apart', { timeout: 30_000 }, async () => {
    const on = await twoAccounts();
    const mark = await markOf(on.service.url, 'PERP_ETH_USDC');
    const order = (id: string) => [{ ...ethOrder(mark), client_order_id: id }];
    await post(on, 'main', order('warm'));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await Promise.all([post(on, 'main', order('p-main')), post(on, 'hedge', order('p-hedge'))]);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await Promise.all([post(on, 'main', order('p-main-1')), post(on, 'main', order('p-main-2'))]);
    const at = (id: string) => on.service.desk.accepted.find((accepted) => accepted.client_order_id === id)!.acceptedAt;
    expect(Math.abs(at('p-main') - at('p-hedge'))).toBeLessThan(500);
    expect(Math.abs(at('p-main-2') - at('p-main-1'))).toBeGreaterThanOrEqual(1000);
  });

  it('fires a held order armed on hedge through hedge, and lists held orders by account', { timeout: 30_000 }, async () => {
    const on = await twoAccounts({ proxy: { coalesceMs: 100 } });
    on.service.market.script.setMark(BTC, 100_000);
    const order = await armed({ ...on, call: (path, init = {}) => on.call(path, { ...init, headers: { 'x-account': 'hedge' } }) }, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_000 });
    expect(order.account).toBe('hedge');
    const listed = (await (await on.call('/api/held-orders?account=main')).json()) as { data: { rows: unknown[] } };
    expect(listed.data.rows).toEqual([]);
    await markTo(on, 98_900);
    await expect.poll(async () => (await heldOrder(on, order.id)).state, { timeout: 5000 }).toBe('fired');
    await expect.poll(async () => (await sentOrders(on, order.id))[0]?.status, { timeout: 5000 }).toBe('accepted');
    const [sent] = await sentOrders(on, order.id);
    expect(accountIdOf(on, sent!.client_order_id)).toBe(hedge.accountId);
  });

  it('pairs a held order (OCO) only with one of its own account: another account\'s stop is not cancelled by it', { timeout: 30_000 }, async () => {
    const on = await twoAccounts({ proxy: { coalesceMs: 100 } });
    on.service.market.script.setMark(BTC, 100_000);
    const onHedge = { ...on, call: (path: string, init: Parameters<Stack['call']>[1] = {}) => on.call(path, { ...init, headers: { 'x-account': 'hedge' } }) };
    const hedgeStop = await armed(onHedge, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 90_000 });
    // On main, a take-profit already crossed (it would fire at once) naming hedge's stop as its partner.
    const refusedPair = await arm(on, { type: 'TAKE_PROFIT_MARKET', side: 'SELL', trigger_price: 1_000, oco_with: hedgeStop.id });
    expect(refusedPair.status).toBe(400);
    expect(refusedPair.body.message).toMatch(/^oco_with: .* on account main/);
    // Nothing was armed on main, and hedge's stop stays armed through the next marks.
    expect(((await (await on.call('/api/held-orders?account=main')).json()) as { data: { rows: unknown[] } }).data.rows).toEqual([]);
    await markTo(on, 100_100);
    expect((await heldOrder(on, hedgeStop.id)).state).toBe('armed');
    // Within one account the pair is made as before.
    const hedgeTakeProfit = await armed(onHedge, { type: 'TAKE_PROFIT_MARKET', side: 'SELL', trigger_price: 110_000, oco_with: hedgeStop.id });
    expect(hedgeTakeProfit.oco_with).toBe(hedgeStop.id);
  });

  it('names the accounts without a key or secret in any answer or log line', { timeout: 30_000 }, async () => {
    const on = await twoAccounts();
    const accounts = (await (await on.call('/api/accounts')).json()) as { data: { rows: unknown[] } };
    expect(accounts.data.rows).toEqual([
      { name: 'main', accountId: on.account.accountId },
      { name: 'hedge', accountId: hedge.accountId },
    ]);
    const health = (await (await on.call('/api/health')).json()) as Health;
    expect(health.data.accounts!.map((account) => [account.name, account.sending, account.lease])).toEqual([['main', true, null], ['hedge', true, null]]);
    const answers = [JSON.stringify(accounts), JSON.stringify(health), (await post(on, 'hedge', [ethOrder(1)])).body, await (await on.call('/api/orders.csv')).text()];
    const everything = [...answers.map((answer) => JSON.stringify(answer)), ...lines].join('\n');
    expect(lines.some((line) => line.includes('"account":"hedge"'))).toBe(true);
    for (const secret of [hedge.secret, on.account.secret, hedge.key, on.account.key]) expect(everything).not.toContain(secret);
  });
});

describe('several accounts on a desk (PostgreSQL)', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres({ database: 'accounts_desk' });
  });
  afterAll(async () => server?.stop());

  it('leases each account on its own and journals each ticket under its account', { timeout: 60_000 }, async () => {
    const on = await twoAccounts({ proxy: { databaseUrl: await createDatabase(server, 'leases'), leaseTtlMs: 1500 } });
    await expect.poll(async () => ((await (await on.call('/api/health')).json()) as Health).data.accounts!.map((account) => account.lease?.thisProxy), { timeout: 10_000 }).toEqual([true, true]);
    const mark = await markOf(on.service.url, 'PERP_ETH_USDC');
    const answer = await post(on, 'hedge', [{ ...ethOrder(mark), client_order_id: 'desk-hedge' }]);
    expect(answer.body.data!.rows[0]).toMatchObject({ status: 'accepted', account: 'hedge', placed_by: 'terminal' });
    expect(accountIdOf(on, 'desk-hedge')).toBe(hedge.accountId);
    const { rows } = await on.proxy.app.postgres!.query<{ account_id: string }>('SELECT account_id FROM sender_lease ORDER BY account_id');
    expect(rows.map((row) => row.account_id).sort()).toEqual([on.account.accountId, hedge.accountId].sort());
  });
});

/** What the app printed when it refused to start with this ACCOUNTS_FILE (one that starts is stopped, and fails the test). */
async function refusedStart(file: string): Promise<string> {
  const app = await startApp({ env: { ACCOUNTS_FILE: file } }).catch((error: Error) => error);
  if (app instanceof Error) return app.message;
  await app.stop();
  throw new Error('the app started');
}

describe('ACCOUNTS_FILE', () => {
  it('is refused at start unless only its user may read it, naming the file and never a secret', { timeout: 60_000 }, async () => {
    const account = createAccountCredentials();
    const file = join(tempDir(), 'accounts.json');
    writeFileSync(file, JSON.stringify({ accounts: [{ name: 'hedge', ...account }] }));
    chmodSync(file, 0o644);
    const refusal = await refusedStart(file);
    expect(refusal).toContain(`ACCOUNTS_FILE ${file} has mode 0644`);
    expect(refusal).not.toContain(account.secret);
  });

  it('names the field of a bad entry', { timeout: 60_000 }, async () => {
    const file = join(tempDir(), 'accounts.json');
    writeFileSync(file, JSON.stringify({ accounts: [{ name: 'hedge', ...createAccountCredentials(), secret: 'not-a-seed' }] }), { mode: 0o600 });
    expect(await refusedStart(file)).toMatch(/accounts\[0\]\.secret: expected the base58 Ed25519 seed/);
  });
});
