import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { startFaultyService } from '../helpers/faultyService';
import { login, markOf, serviceWithAccount, signingEnv, tempDir, ticketKey } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the proxy killed between sent and the answer', () => {
  it('comes back with the ticket unknown: nothing sent twice, nothing missing', async () => {
    const upstream = await serviceWithAccount({ rateLimitPerSecond: false });
    cleanups.push(() => upstream.service.close());
    const faulty = await startFaultyService(upstream.service.url);
    cleanups.push(() => faulty.close());
    faulty.fail('/v1/batch-order', 'hang', 1);

    const dataDir = tempDir();
    const journalPath = join(dataDir, 'journal.sqlite');
    const token = 'kill-test-token-0123456789';
    const env = {
      ...signingEnv(faulty.url, upstream.account),
      JOURNAL_PATH: journalPath,
      TERMINAL_TOKEN: token,
      SERVICE_TIMEOUT_MS: '60000',
    };
    let app: RunningApp = await startApp({ env, dataDir });
    cleanups.push(() => app.stop());
    const origin = app.url.replace(/\/$/, '');
    const key = ticketKey();
    const mark = await markOf(upstream.service.url, 'PERP_ETH_USDC');
    const body = JSON.stringify({ orders: [ethOrder(mark, { client_order_id: 'killed-1' }), ethOrder(mark, { client_order_id: 'killed-2' })] });
    const post = async (cookie: string) =>
      fetch(`${origin}/v1/batch-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie, 'idempotency-key': key },
        body,
      });

    let cookie = await login(app.url, token);
    const inFlight = post(cookie).catch((error: Error) => error);
    await expect.poll(() => faulty.requests.filter((request) => request.path === '/v1/batch-order').length, { timeout: 10_000 }).toBe(1);

    app.process.kill('SIGKILL');
    await new Promise((resolve) => app.process.once('exit', resolve));
    expect(await inFlight).toBeInstanceOf(Error);

    const db = new Database(journalPath, { readonly: true });
    const left = db.prepare('SELECT status FROM orders WHERE ticket_id = ?').all(key) as { status: string }[];
    db.close();
    expect(left.map((row) => row.status)).toEqual(['sent', 'sent']);

    app = await startApp({ env, dataDir });
    expect(app.output()).toMatch(/2 order\(s\) from the last run have an unknown outcome/);
    cookie = await login(app.url, token);
    const newOrigin = app.url.replace(/\/$/, '');
    const orders = (await (await fetch(`${newOrigin}/api/orders`, { headers: { cookie } })).json()) as {
      data: { rows: { client_order_id: string; status: string; error_message: string }[] };
    };
    expect(orders.data.rows.map((row) => [row.client_order_id, row.status])).toEqual([
      ['killed-2', 'unknown'],
      ['killed-1', 'unknown'],
    ]);
    expect(orders.data.rows[0]?.error_message).toMatch(/may or may not have been placed/);

    // The same ticket again: its first outcome, and nothing sent.
    const again = await fetch(`${newOrigin}/v1/batch-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: newOrigin, cookie, 'idempotency-key': key },
      body,
    });
    expect(again.status).toBe(504);
    const answer = (await again.json()) as { data: { status: string } };
    expect(answer.data.status).toBe('unknown');
    expect(faulty.requests.filter((request) => request.path === '/v1/batch-order')).toHaveLength(1);
  });
});
