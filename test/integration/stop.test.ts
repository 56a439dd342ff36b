import { afterAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { login, tempDir, ticketKey } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';
import type { TicketRow } from '../helpers/tickets';

const running: RunningApp[] = [];
afterAll(async () => {
  for (const app of running) await app.stop();
});

const token = 'stop-test-token-0123456789';

async function start(dataDir: string) {
  const app = await startApp({ env: { TERMINAL_TOKEN: token }, dataDir });
  running.push(app);
  const origin = app.url.replace(/\/$/, '');
  const cookie = await login(app.url, token);
  const call = (path: string, init: RequestInit = {}) =>
    fetch(origin + path, { ...init, headers: { origin, cookie, 'content-type': 'application/json', ...init.headers } });
  return { app, call };
}

async function ticketRows(call: (path: string) => Promise<Response>, key: string): Promise<TicketRow[]> {
  const answer = (await (await call(`/api/tickets/${key}`)).json()) as { data: { rows: TicketRow[] } };
  return answer.data.rows;
}

/** A 200-order ticket: 20 requests, about 22 s at the service's one request per second. */
async function sendLargeTicket(call: (path: string, init?: RequestInit) => Promise<Response>) {
  const futures = (await (await call('/v1/public/futures')).json()) as { data: { rows: { symbol: string; mark_price: number }[] } };
  const mark = futures.data.rows.find((row) => row.symbol === 'PERP_ETH_USDC')!.mark_price;
  const key = ticketKey();
  const orders = Array.from({ length: 200 }, () => ethOrder(Math.round(mark)));
  const answer = call('/v1/batch-order', { method: 'POST', body: JSON.stringify({ orders }), headers: { 'idempotency-key': key } });
  // Wait until two requests have been answered: the ticket is mid-way.
  await expect
    .poll(async () => (await ticketRows(call, key)).filter((row) => row.status === 'accepted' || row.status === 'rejected').length, {
      timeout: 15_000,
      interval: 200,
    })
    .toBeGreaterThanOrEqual(20);
  return { key, answer };
}

const exited = (app: RunningApp) =>
  new Promise<number | null>((resolve) => {
    if (app.process.exitCode !== null) resolve(app.process.exitCode);
    else app.process.once('exit', (code) => resolve(code));
  });

describe('stopping the proxy mid-ticket', () => {
  it('on SIGTERM stops sending, answers the ticket, exits, and every order has an outcome after a restart', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    const { key, answer } = await sendLargeTicket(first.call);
    // The requests sent by the time of the signal (answered or at the service): the stop finishes
    // the one in flight and sends no other. A bound in requests, not in milliseconds: a loaded
    // machine is slower, it does not send more.
    const sentBefore = Math.max(...(await ticketRows(first.call, key)).filter((row) => row.status !== 'pending').map((row) => row.request_no));
    first.app.process.kill('SIGTERM');
    const response = await answer;
    expect(await exited(first.app)).toBe(0);
    expect(response.status).toBe(200);
    expect(first.app.output()).toMatch(/Stopping: finishing the request at the service/);

    const second = await start(dataDir);
    const rows = await ticketRows(second.call, key);
    expect(rows).toHaveLength(200);
    const statuses = new Set(rows.map((row) => row.status));
    expect([...statuses].every((status) => ['accepted', 'rejected', 'failed'].includes(status))).toBe(true);
    // At most one request more than were sent at the read: the one the sender may have started
    // between that read and the signal (they are spaced by the service's one request per second).
    const answeredRequests = new Set(rows.filter((row) => row.status !== 'failed').map((row) => row.request_no));
    expect(Math.max(...answeredRequests)).toBeLessThanOrEqual(sentBefore + 1);
    const failed = rows.filter((row) => row.status === 'failed');
    // Most of the ticket was never sent, and says so in words the trader can act on.
    expect(failed.length).toBeGreaterThan(100);
    expect(new Set(failed.map((row) => row.error_message))).toEqual(new Set(['not sent: the proxy stopped']));
    // Sent first, answered first: no failed order comes before an answered one.
    const firstFailed = rows.findIndex((row) => row.status === 'failed');
    expect(rows.slice(firstFailed).every((row) => row.status === 'failed')).toBe(true);
  }, 90_000);

  it('exits at once on a second signal; after a restart nothing reads as still sending', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    const { key, answer } = await sendLargeTicket(first.call);
    void answer.catch(() => undefined);
    first.app.process.kill('SIGTERM');
    // The second signal once the first is handled (two signals sent together may arrive as one).
    await expect.poll(() => first.app.output(), { timeout: 10_000 }).toMatch(/Stopping: finishing the request at the service/);
    first.app.process.kill('SIGTERM');
    // 130 is the quit at once: the clean stop (which finishes the request at the service) exits 0.
    expect(await exited(first.app)).toBe(130);
    await expect.poll(() => first.app.output()).toMatch(/Stopping: finishing the request[^]*Stopping now\./);

    const second = await start(dataDir);
    const rows = await ticketRows(second.call, key);
    expect(rows.some((row) => row.status === 'pending' || row.status === 'sent')).toBe(false);
  }, 90_000);
});
