/**
 * A TWAP cancelled while its slice is being marked sent and flushed, just before it leaves: the
 * cancel's answer says "cancelled", so the slice must not reach the service after it. The real
 * TicketSender (journal, pacer, signing, undici) sends to a local server in the service's place.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSigner } from '@/proxy';
import { HeldOrders, type SettleOutcome } from '@/proxy/held/holder';
import { openSqliteJournal, type HeldRow, type JournalStore } from '@/proxy/journal';
import { AccountSenders } from '@/proxy/sending/accounts';
import { Pacer } from '@/proxy/sending/pacer';
import { TicketSender } from '@/proxy/sending/sender';
import { ServiceClock } from '@/proxy/upstream/clock';
import { ServiceClient } from '@/proxy/upstream/serviceClient';
import { createAccountCredentials } from '@/service';
import { BTC, futuresRow, quietLog } from '../helpers/heldHolder';

const row = futuresRow;
const quiet = quietLog;

/** Accepts every batch request and keeps its client order ids. */
async function service(received: string[]): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const orders = request.url === '/v1/batch-order' ? (JSON.parse(body) as { orders: { client_order_id: string }[] }).orders : [];
      received.push(...orders.map((order) => order.client_order_id));
      const rows = orders.map((order, index) => ({ order_id: index + 1, client_order_id: order.client_order_id, error_message: 'none' }));
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: true, data: { rows }, timestamp: Date.now() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

/** The real sender to the local service, a HeldOrders on it with a TWAP of 30 armed; `halted` is the kill switch's read. */
async function stage(halted?: (row: HeldRow) => Promise<string | undefined>) {
  const received: string[] = [];
  const { server, url } = await service(received);
  const journal: JournalStore = openSqliteJournal(join(mkdtempSync(join(tmpdir(), 'twap-cancel-race-')), 'journal.sqlite'));
  const clock = new ServiceClock();
  const client = new ServiceClient({ baseUrl: url, timeoutMs: 5_000, clock });
  const account = createAccountCredentials();
  const sender = new TicketSender({
    account: 'main', journal, client, clock, signer: createSigner(account.secret), accountId: account.accountId, pacer: new Pacer(1_100), log: quiet,
    limits: { ticketsInFlightPerSession: 10, maxQueueDelayMs: 10_000 },
  });
  close = async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
    await journal.close();
  };
  const twapClock = { now: Date.now() };
  const held = new HeldOrders({
    journal, sender: new AccountSenders(new Map([['main', sender]])), log: quiet, maxHeld: 20, staleAfterMs: () => 600_000,
    twapClock: () => twapClock.now, halted,
  });
  await client.get('/v1/public/futures');
  held.judge([row(100_000)], Date.now());
  const armed = await held.arm({ type: 'TWAP', symbol: BTC, side: 'BUY', order_quantity: 30, duration_ms: 60_000, slice_ms: 2_000 }, 'k', 'main');
  if (armed.kind !== 'armed') throw new Error(JSON.stringify(armed));
  /** The first slice falls due and is judged; resolves once nothing is in flight. */
  const firstSlice = async (started: () => boolean) => {
    twapClock.now += 1;
    held.judge([row(100_000)], Date.now());
    while (!started()) await new Promise((resolve) => setTimeout(resolve, 5));
    while (sender.ticketsInFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { held, journal, id: armed.order.id, received, firstSlice };
}

const notSent = { status: 'failed', rows: [{ status: 'failed', error_message: 'not sent: TWAP cancelled' }] };

describe('a TWAP cancelled as its slice leaves', () => {
  it('sends no slice after the cancel was answered: the slice fails "not sent: TWAP cancelled"', async () => {
    const { held, journal, id, received, firstSlice } = await stage();
    // The trader's DELETE commits just after the slice is marked sent, while its flush runs.
    let cancelled: Promise<SettleOutcome> | undefined;
    const markSent = journal.markSent.bind(journal);
    journal.markSent = async (...args: Parameters<JournalStore['markSent']>) => {
      await markSent(...args);
      if (args[0].includes('-s') && !cancelled) cancelled = held.cancel(id);
      await cancelled;
    };
    await firstSlice(() => cancelled !== undefined);
    expect(await cancelled).toMatchObject({ kind: 'done', order: { state: 'cancelled' } });
    expect(received).toEqual([]);
    expect(await journal.ticketResult(`${id}-s1`)).toMatchObject(notSent);
  });

  it('nor when the cancel commits while the kill switch is read, just before the slice leaves', async () => {
    let reads = 0;
    let cancelled: Promise<SettleOutcome> | undefined;
    const staged = await stage(async () => {
      // 1: judging the slice; 2: at its pacer turn; 3: after its flush, as it leaves.
      reads += 1;
      if (reads === 3) await (cancelled = staged.held.cancel(staged.id));
      return undefined;
    });
    await staged.firstSlice(() => cancelled !== undefined);
    expect(await cancelled).toMatchObject({ kind: 'done' });
    expect(staged.received).toEqual([]);
    expect(await staged.journal.ticketResult(`${staged.id}-s1`)).toMatchObject(notSent);
  });
});
