/**
 * What the journal's durability costs apart from the proxy's HTTP, signing and forwarding: a ticket
 * of ten orders written to a real journal file and awaited until durable (`createTicket` then
 * `durable()`, the write-ahead step every ticket pays before it is sent), one after another; and
 * beside it a bare `fdatasync` of a file just appended to, the disk's own floor.
 */
import { closeSync, fdatasync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteJournal as Journal } from '@/proxy/journal/sqlite/journal';
import { percentileOfSorted } from './stats';

export interface CommitTimes {
  p50: number;
  p99: number;
  count: number;
}

const summary = (times: number[]): CommitTimes => {
  times.sort((a, b) => a - b);
  return { p50: percentileOfSorted(times, 50), p99: percentileOfSorted(times, 99), count: times.length };
};

const ORDERS = Array.from({ length: 10 }, (_, index) => ({
  symbol: `PERP_M${index}_USDC`,
  order_type: 'LIMIT' as const,
  side: 'BUY' as const,
  order_price: 100 + index,
  order_quantity: 1,
}));

/** Tickets journaled and made durable one after another for `ms`: time of each, write to durable. */
export async function timeJournalCommits(ms: number): Promise<CommitTimes> {
  const dir = mkdtempSync(join(tmpdir(), 'perp-bench-commits-'));
  const journal = new Journal(join(dir, 'journal.sqlite'));
  const orderJson = ORDERS.map((order) => JSON.stringify(order));
  const body = `{"orders":[${orderJson.join(',')}]}`;
  const times: number[] = [];
  try {
    const end = performance.now() + ms;
    for (let n = 0; performance.now() < end; n++) {
      const start = performance.now();
      journal.createTicket({ id: `commit-${n}`, bodyHash: 'x', recvWindow: undefined, requests: [{ orders: ORDERS, orderJson, body }], now: Date.now() });
      await journal.durable();
      times.push(performance.now() - start);
    }
  } finally {
    journal.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return summary(times);
}

/** A 4 kB append then fdatasync on libuv's pool, one after another for `ms`: the disk's floor. */
export async function timeBareFsync(ms: number): Promise<CommitTimes> {
  const dir = mkdtempSync(join(tmpdir(), 'perp-bench-fsync-'));
  const fd = openSync(join(dir, 'file'), 'w');
  const page = Buffer.alloc(4096, 1);
  const times: number[] = [];
  try {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      const start = performance.now();
      writeSync(fd, page);
      await new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
      times.push(performance.now() - start);
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  return summary(times);
}
