import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteJournal as Journal } from '@/proxy/journal/sqlite/journal';
import { startApp, type RunningApp } from '../helpers/app';
import { login, tempDir } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';

const token = 'csv-export-token-0123456789';
let app: RunningApp;
let call: (path: string) => Promise<Response>;

/** 100,000 accepted orders written straight into a journal: 100 tickets of 1,000. */
async function bulkJournal(path: string) {
  const journal = new Journal(path);
  for (let t = 0; t < 100; t++) {
    const requests = Array.from({ length: 100 }, (_, r) => {
      const orders = Array.from({ length: 10 }, (_, i) => ethOrder(3000 + r, { order_tag: `t${t}-r${r}-o${i}` }) as never);
      const orderJson = orders.map((order) => JSON.stringify(order));
      return { orders, orderJson, body: `{"orders":[${orderJson.join(',')}]}` };
    });
    const id = `bulk-ticket-${t}`;
    journal.createTicket({ id, bodyHash: 'x', recvWindow: undefined, requests, now: Date.now() });
    const accepted = Array.from({ length: 10 }, (_, i) => ({ status: 'accepted' as const, orderId: t * 10_000 + i, errorMessage: null }));
    for (let r = 1; r <= 100; r++) journal.recordAnswer(id, r, 200, accepted, Date.now());
    await new Promise((resolve) => setImmediate(resolve));
  }
  await journal.durable();
  journal.close();
}

beforeAll(async () => {
  const dataDir = tempDir();
  await bulkJournal(join(dataDir, 'journal.sqlite'));
  // The proxy in its own process, as a trader runs it: the test's own work does not stall it.
  app = await startApp({ env: { TERMINAL_TOKEN: token }, dataDir });
  const cookie = await login(app.url, token);
  call = (path) => fetch(app.url.replace(/\/$/, '') + path, { headers: { cookie } });
}, 90_000);
afterAll(() => app.stop());

describe('the CSV export', () => {
  it('streams 100,000 orders while other reads are answered between its pages', async () => {
    let exporting = true;
    const latencies: number[] = [];
    const reads = (async () => {
      while (exporting) {
        const started = performance.now();
        const response = await call('/api/session');
        latencies.push(performance.now() - started);
        expect(response.status).toBe(200);
        // Under the 50 requests a second a session may make.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();

    const response = await call('/api/orders.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // Streamed: no length known up front.
    expect(response.headers.get('content-length')).toBeNull();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let lines = 0;
    let head = '';
    // The reads answered while the export streams: from its first bytes to its last.
    let readsAtFirstBytes: number | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      readsAtFirstBytes ??= latencies.length;
      const text = decoder.decode(value, { stream: true });
      if (head.length < 200) head += text.slice(0, 200);
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
    }
    const readsDuring = latencies.length - (readsAtFirstBytes ?? latencies.length);
    exporting = false;
    await reads;

    expect(head.startsWith('ticket_id,seq,request_no,status,symbol')).toBe(true);
    expect(lines).toBe(100_001);
    // The export yields between its pages (100 rows each): other reads are answered while it
    // streams, not after it. Counted in reads, not in milliseconds: a loaded machine answers them
    // slower, not later than the export (how fast is the bench's).
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    const spread = [...latencies].sort((a, b) => a - b).map(Math.round).join(' ');
    expect(readsDuring, `reads answered while it streamed; latencies ${spread} ms`).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
