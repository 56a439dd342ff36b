import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteJournal as Journal } from '@/proxy/journal/sqlite/journal';
import { tempDir } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';

const DAY = 24 * 60 * 60 * 1000;

function write(journal: Journal, id: string, createdAt: number, orders = 2) {
  const list = Array.from({ length: orders }, () => ethOrder(3000) as never);
  const orderJson = list.map((order) => JSON.stringify(order));
  journal.createTicket({
    id,
    bodyHash: id,
    recvWindow: undefined,
    requests: [{ orders: list, orderJson, body: `{"orders":[${orderJson.join(',')}]}` }],
    now: createdAt,
  });
}

const answer = (status: 'accepted' | 'rejected') => ({ status, orderId: status === 'accepted' ? 1 : null, errorMessage: status === 'rejected' ? 'no' : null });

describe('journal retention', () => {
  it('deletes finished tickets past retention in batches, and keeps recent ones and any that still need attention', async () => {
    const journal = new Journal(join(tempDir(), 'journal.sqlite'));
    const now = Date.now();
    const old = now - 100 * DAY;
    for (let i = 0; i < 5; i++) {
      write(journal, `old-done-${i}`, old + i);
      journal.recordAnswer(`old-done-${i}`, 1, 200, [answer('accepted'), answer('rejected')], old + i);
    }
    write(journal, 'old-failed', old);
    journal.recordRequestOutcome('old-failed', 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: x' }, old);
    write(journal, 'old-unknown', old);
    journal.recordRequestOutcome('old-unknown', 1, 'unknown', { reason: 'timeout', httpStatus: null, code: null, message: 'timeout' }, old);
    write(journal, 'old-pending', old);
    write(journal, 'recent-done', now - DAY);
    journal.recordAnswer('recent-done', 1, 200, [answer('accepted'), answer('accepted')], now);

    const before = now - 90 * DAY;
    expect(journal.pruneFinished(before, 4)).toBe(4);
    expect(journal.pruneFinished(before, 4)).toBe(2);
    expect(journal.pruneFinished(before, 4)).toBe(0);

    const left = new Set(journal.listOrders({ limit: 100 }).rows.map((row) => row.ticket_id));
    expect([...left].sort()).toEqual(['old-pending', 'old-unknown', 'recent-done']);
    expect(journal.findTicket('old-done-0')).toBeUndefined();
    expect(journal.ticketResult('old-failed')).toBeUndefined();
    journal.close();
  });
});
