/**
 * Held orders (issue 28), with the real HeldOrders and a real journal file:
 * - the proxy's event-loop time of one poll's judge() with 10,000 armed orders across 1,000
 *   instruments, on polls that cross nothing and on polls where ten instruments each cross one
 *   order (those fire: journal transaction and hand-over to the sender included);
 * - from the poll answer that crosses a stop to its order's request arriving at a local HTTP
 *   server in the service's place, through the real TicketSender (write-ahead fdatasync, pacer,
 *   signing, undici), each time with the batch budget free.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FuturesRow } from '@/interface';
import { createAccountCredentials } from '@/service';
import { createSigner } from '@/proxy';
import { HeldOrders } from '@/proxy/held/holder';
import { AccountSenders } from '@/proxy/sending/accounts';
import { openSqliteJournal, type JournalStore, type NewHeldOrder } from '@/proxy/journal';
import { Pacer } from '@/proxy/sending/pacer';
import { ServiceClient } from '@/proxy/upstream/serviceClient';
import { ServiceClock } from '@/proxy/upstream/clock';
import { TicketSender } from '@/proxy/sending/sender';
import { progress } from './progress';
import { percentileOfSorted } from './stats';
import { atMost, Figures } from './table';

export interface HeldBenchOptions {
  instruments: number;
  ordersPerInstrument: number;
  polls: number;
  /** Instruments whose mark crosses one order on a "some crossing" poll. */
  crossingPerPoll: number;
  fires: number;
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const round2 = (value: number) => Math.round(value * 100) / 100;
const symbolOf = (index: number) => `PERP_H${index}_USDC`;
const baseOf = (index: number) => 1_000 + index;

function row(symbol: string, mark: number): FuturesRow {
  return {
    symbol, index_price: mark, mark_price: mark, sum_unitary_funding: 0, est_funding_rate: 0, last_funding_rate: 0,
    next_funding_time: 0, open_interest: 1_000.5, '24h_open': mark, '24h_close': mark, '24h_high': round2(mark * 1.01),
    '24h_low': round2(mark * 0.99), '24h_amount': 1_000_000, '24h_volume': 1_000.5,
  };
}

let armedCount = 0;
/** A SELL stop (below the base) or take-profit (above it) of an instrument, k hundredths away. */
function heldOrder(index: number, k: number, stop: boolean): NewHeldOrder {
  armedCount += 1;
  const base = baseOf(index);
  return {
    id: `held-bench-${armedCount}`, idempotencyKey: `bench-${armedCount}`, bodyHash: 'x',
    type: stop ? 'STOP_MARKET' : 'TAKE_PROFIT_MARKET', symbol: symbolOf(index), side: 'SELL', orderQuantity: 1,
    triggerPrice: round2(base * (stop ? 1 - k / 100 : 1 + k / 100)), orderPrice: null, trailingDistance: null,
    trailingPercent: null, bestMark: null, ocoWith: null, clientRef: null, now: Date.now(),
  };
}

const summary = (times: number[]) => {
  times.sort((a, b) => a - b);
  return { p50: percentileOfSorted(times, 50), p99: percentileOfSorted(times, 99) };
};

/** judge() per poll: `crossing` instruments dip through their nearest stop; the fired orders are armed again after. */
async function judgeCost(options: HeldBenchOptions, journal: JournalStore) {
  const held = new HeldOrders({
    journal, sender: { accepting: true, sending: true, sendingFor: () => true, sendFired: () => Promise.resolve(undefined as never) }, log: quiet,
    maxHeld: Number.MAX_SAFE_INTEGER, staleAfterMs: () => 60_000,
  });
  const half = Math.ceil(options.ordersPerInstrument / 2);
  for (let index = 0; index < options.instruments; index++) {
    for (let k = 1; k <= half; k++) await journal.held.arm(heldOrder(index, k, true));
    for (let k = 1; k <= options.ordersPerInstrument - half; k++) await journal.held.arm(heldOrder(index, k, false));
  }
  await journal.durable();
  const loaded = await held.load();
  const times = { none: [] as number[], some: [] as number[] };
  // CPU time beside wall time: on a busy machine the wall clock also counts the time the OS gave to others.
  const cpu = { none: [] as number[], some: [] as number[] };
  for (let poll = 0; poll < options.polls * 2; poll++) {
    const crossing = poll % 2 === 1;
    const dipping = new Set<number>();
    if (crossing) for (let n = 0; n < options.crossingPerPoll; n++) dipping.add((poll * 7 + n * 97) % options.instruments);
    // Every mark moves a little on every poll, as a live feed does; a dipping one through its nearest stop.
    const rows = Array.from({ length: options.instruments }, (_, index) =>
      row(symbolOf(index), round2(baseOf(index) * (dipping.has(index) ? 0.985 : 1 + ((poll % 9) - 4) / 1_000))),
    );
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    held.judge(rows, Date.now());
    times[crossing ? 'some' : 'none'].push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu[crossing ? 'some' : 'none'].push((used.user + used.system) / 1000);
    if (crossing) {
      for (const index of dipping) held.track(await journal.held.arm(heldOrder(index, 1, true)));
      await journal.durable();
    }
  }
  return { loaded, none: summary(times.none), some: summary(times.some), cpuNone: summary(cpu.none), cpuSome: summary(cpu.some) };
}

/** A server in the service's place: stamps each batch request as it arrives and accepts it. */
async function stampingService(arrivals: number[]): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/v1/batch-order') arrivals.push(performance.now());
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const orders = request.url === '/v1/batch-order' ? (JSON.parse(body) as { orders: { client_order_id?: string }[] }).orders : [];
      const rows = orders.map((order, index) => ({ order_id: index + 1, client_order_id: order.client_order_id ?? '', error_message: 'none' }));
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: true, data: { rows }, timestamp: Date.now() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Poll answer that crosses → the fired order's request at the server, the budget free each time. */
async function crossToLeave(options: HeldBenchOptions, journal: JournalStore) {
  const arrivals: number[] = [];
  const { server, url } = await stampingService(arrivals);
  const clock = new ServiceClock();
  const client = new ServiceClient({ baseUrl: url, timeoutMs: 5_000, clock });
  const account = createAccountCredentials();
  const pacer = new Pacer(1_100);
  const sender = new TicketSender({
    account: 'main', journal, client, clock, signer: createSigner(account.secret), accountId: account.accountId, pacer, log: quiet,
    limits: { ticketsInFlightPerSession: 10, maxQueueDelayMs: 10_000 },
  });
  const held = new HeldOrders({ journal, sender: new AccountSenders(new Map([['main', sender]])), log: quiet, maxHeld: Number.MAX_SAFE_INTEGER, staleAfterMs: () => 60_000 });
  await client.get('/v1/public/futures');
  // When the write-ahead flush before the send resolved: the part of the path that is the disk's.
  let flushed = 0;
  const durable = journal.durable.bind(journal);
  journal.durable = async () => {
    await durable();
    flushed = performance.now();
  };
  const times: number[] = [];
  const disk: number[] = [];
  try {
    for (let fire = 0; fire < options.fires; fire++) {
      const order = await journal.held.arm(heldOrder(0, 1, true));
      held.track(order);
      await journal.durable();
      // The budget is free: the last request started more than a spacing ago.
      await new Promise((resolve) => setTimeout(resolve, pacer.backlogMs + 20));
      const before = arrivals.length;
      const started = performance.now();
      held.judge([row(symbolOf(0), round2(baseOf(0) * 0.985))], Date.now());
      while (arrivals.length === before) await new Promise((resolve) => setImmediate(resolve));
      times.push(arrivals[before]! - started);
      disk.push(flushed - started);
      while (sender.ticketsInFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    journal.durable = durable;
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  }
  return { ...summary(times), disk: summary(disk).p50 };
}

export async function benchHeld(options: HeldBenchOptions) {
  const figures = new Figures('held');
  const dir = mkdtempSync(join(tmpdir(), 'perp-bench-held-'));
  const journal = openSqliteJournal(join(dir, 'journal.sqlite'));
  try {
    const total = options.instruments * options.ordersPerInstrument;
    progress(`held: judging ${total} armed orders across ${options.instruments} instruments, ${options.polls} polls each way`);
    const cost = await judgeCost(options, journal);
    const label = `${cost.loaded} armed across ${options.instruments} instruments`;
    figures.add(`judge() per poll, nothing crossed, p50 (${label})`, cost.none.p50, 'ms', atMost(1));
    figures.add(`judge() per poll, nothing crossed, p99 (${label})`, cost.none.p99, 'ms', atMost(1));
    // The floor is on evaluating; a firing adds its journal write (~0.1 ms each), priced by the
    // poll-to-service figure below, so this one is shown without a target.
    figures.add(`judge() per poll, ${options.crossingPerPoll} orders firing, p50 (${label})`, cost.some.p50, 'ms');
    figures.add(`judge() per poll, ${options.crossingPerPoll} orders firing, p99 (${label})`, cost.some.p99, 'ms');
    figures.add('judge() per poll, nothing crossed, CPU time p50', cost.cpuNone.p50, 'ms');
    figures.add(`judge() per poll, ${options.crossingPerPoll} orders firing, CPU time p50`, cost.cpuSome.p50, 'ms');
    progress(`held: ${options.fires} fires, poll answer to the order at the service`);
    const leave = await crossToLeave(options, journal);
    figures.add('crossing poll answer to the fired order at the service, p50 (budget free)', leave.p50, 'ms', atMost(5));
    figures.add('crossing poll answer to the fired order at the service, p99 (budget free)', leave.p99, 'ms');
    figures.add('of which the write-ahead flush (fire to fdatasync done), p50', leave.disk, 'ms');
  } finally {
    await journal.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { figures: figures.list };
}
