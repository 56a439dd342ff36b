/**
 * A desk (issue 29): what PostgreSQL costs the proxy, and how fast a desk gets over its sender's
 * death.
 * - Tickets of one order through the proxy with its journal in SQLite, through the same proxy with
 *   its journal in a real PostgreSQL (Debian's server, fsync and synchronous_commit on), and signed
 *   straight to the service, alternating, at concurrency 1 and 32. The service's 1/s limit is off
 *   and the proxies do not pace (as in the proxy section), so this times the journal, not the pacer;
 *   the servers run in child processes, apart from the load generator.
 * - Failover (deskFailover.ts): kill -9 of the proxy holding the sending lease to the first order
 *   of a ticket posted to the survivor reaching the service.
 */
import type { ChildProcess } from 'node:child_process';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { login } from '../helpers/stack';
import { measureFailover, type FailoverOptions } from './deskFailover';
import { progress } from './progress';
import { presigned } from './proxy';
import { load, startChild, stopChild, type LoadRun } from './proxyServers';
import type { ProxyInfo, ServiceInfo } from './server';
import { alternate, medianOf, sleep } from './stats';
import { atLeast, atMost, Figures } from './table';

export interface DeskBenchOptions {
  rounds: number;
  /** Length of one timed run, s. */
  runSeconds: number;
  /** Each contender's untimed run at the highest concurrency before any timing, s. */
  warmSeconds: number;
  concurrencies: number[];
  failover: FailoverOptions;
}

const CONTENDERS = ['direct', 'sqlite', 'postgres'] as const;
type Contender = (typeof CONTENDERS)[number];
const NAMES: Record<Contender, string> = { direct: 'direct to the service', sqlite: 'proxy on SQLite', postgres: 'proxy on PostgreSQL' };

interface Servers {
  service: ServiceInfo;
  proxies: Record<Exclude<Contender, 'direct'>, ProxyInfo & { cookie: string }>;
  /** The ticket: one limit order at mark. */
  body: string;
}

/** One limit buy at mark, no client_order_id: every one accepted, none a duplicate. */
async function oneOrder(serviceUrl: string): Promise<string> {
  const response = (await (await fetch(`${serviceUrl}/v1/public/futures`)).json()) as {
    data: { rows: { symbol: string; mark_price: number }[] };
  };
  const row = response.data.rows[0]!;
  return JSON.stringify({ orders: [{ symbol: row.symbol, order_type: 'LIMIT', side: 'BUY', order_price: row.mark_price, order_quantity: 1 }] });
}

/** A proxy on a desk's database sends only once it holds the lease: wait for that before timing. */
async function untilSending(proxyUrl: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = (await (await fetch(`${proxyUrl}/api/health/ready`)).json()) as { sending?: boolean; journal?: string };
    if (ready.sending) return;
    if (Date.now() > deadline) throw new Error(`the proxy at ${proxyUrl} did not take the sending lease in 30 s (${JSON.stringify(ready)})`);
    await sleep(100);
  }
}

let keyCounter = 0;
const ticketKey = () => `desk-bench-${process.pid}-${++keyCounter}`;

/** One ticket each way before timing: each must be accepted, or the runs would time refusals. */
async function checkTickets(servers: Servers): Promise<void> {
  const { service, proxies, body } = servers;
  const direct = await fetch(`${service.serviceUrl}/v1/batch-order`, { method: 'POST', body, headers: presigned(service, body, 1)[0]!.headers as Record<string, string> });
  const directRows = ((await direct.json()) as { data?: { rows?: { order_id?: unknown }[] } }).data?.rows ?? [];
  const says = [`direct ${direct.status}, ${directRows.filter((row) => typeof row.order_id === 'number').length}/1 accepted`];
  for (const [who, proxy] of Object.entries(proxies)) {
    const answer = await fetch(`${proxy.proxyUrl}/v1/batch-order`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', origin: proxy.proxyUrl, cookie: proxy.cookie, 'idempotency-key': ticketKey() },
    });
    const rows = ((await answer.json()) as { data?: { rows?: { status?: unknown }[] } }).data?.rows ?? [];
    says.push(`${who} ${answer.status}, ${rows.filter((row) => row.status === 'accepted').length}/1 accepted`);
  }
  progress(`desk: check tickets ${says.join('; ')}`);
  if (says.some((said) => !said.endsWith(' 200, 1/1 accepted'))) throw new Error(`a check ticket was not accepted (${says.join('; ')})`);
}

/** One autocannon run of tickets at `connections` against one contender. */
async function ticketRun(servers: Servers, who: Contender, connections: number, seconds: number): Promise<LoadRun> {
  const { service, body } = servers;
  await fetch(`${service.serviceUrl}/bench/reset`, { method: 'POST' });
  if (who === 'direct') {
    // Signed before the run, so the direct run pays no signing; room for 4000 tickets/s.
    const pool = presigned(service, body, Math.ceil(4000 * seconds));
    let next = 0;
    return load(`${service.serviceUrl}/v1/batch-order`, connections, seconds, { method: 'POST', path: '/v1/batch-order', body }, () => pool[next++ % pool.length]!);
  }
  const proxy = servers.proxies[who];
  const headers = { 'content-type': 'application/json', origin: proxy.proxyUrl, cookie: proxy.cookie };
  return load(`${proxy.proxyUrl}/v1/batch-order`, connections, seconds, { method: 'POST', path: '/v1/batch-order', body, headers }, () => ({
    headers: { ...headers, 'idempotency-key': ticketKey() },
  }));
}

async function measureTickets(servers: Servers, options: DeskBenchOptions, figures: Figures) {
  const warmAt = Math.max(...options.concurrencies);
  for (const who of CONTENDERS) {
    const run = await ticketRun(servers, who, warmAt, options.warmSeconds);
    progress(`desk warm-up c=${warmAt} ${who}: ${run.requestsPerSecond.toFixed(0)} tickets/s${run.failures ? `, ${run.failures} FAILED` : ''}`);
  }
  const details: Record<string, Record<Contender, LoadRun[]>> = {};
  for (const connections of options.concurrencies) {
    const runs = await alternate(
      CONTENDERS,
      options.rounds,
      async (who, round) => {
        const run = await ticketRun(servers, who, connections, options.runSeconds);
        progress(
          `desk tickets c=${connections} round ${round} ${who}: ${run.requestsPerSecond.toFixed(0)} tickets/s, ` +
            `p50 ${run.p50.toFixed(2)} ms, p99 ${run.p99.toFixed(2)} ms${run.failures ? `, ${run.failures} FAILED` : ''}`,
        );
        return run;
      },
      { mirror: true },
    );
    details[`c=${connections}`] = runs;
    addTicketFigures(figures, connections, runs);
  }
  return details;
}

function addTicketFigures(figures: Figures, connections: number, runs: Record<Contender, LoadRun[]>) {
  const med = (who: Contender, field: (run: LoadRun) => number) => medianOf(runs[who], field);
  const name = `ticket of 1 order · c=${connections}`;
  for (const who of CONTENDERS) {
    figures.add(`${name} · ${NAMES[who]} · throughput`, med(who, (run) => run.requestsPerSecond), 'tickets/s');
    figures.add(`${name} · ${NAMES[who]} · p50`, med(who, (run) => run.p50), 'ms');
    figures.add(`${name} · ${NAMES[who]} · p99`, med(who, (run) => run.p99), 'ms');
    figures.add(`${name} · ${NAMES[who]} · failed tickets`, med(who, (run) => run.failures), 'tickets');
  }
  const over = (p: 'p50' | 'p99') => med('postgres', (run) => run[p]) - med('sqlite', (run) => run[p]);
  const atOne = connections === 1;
  figures.add(`${name} · PostgreSQL − SQLite at p50`, over('p50'), 'ms', atOne ? atMost(2, '≤ +2') : undefined);
  figures.add(`${name} · PostgreSQL − SQLite at p99`, over('p99'), 'ms');
  const throughput = (who: Contender) => med(who, (run) => run.requestsPerSecond);
  figures.add(`${name} · throughput, PostgreSQL / SQLite`, throughput('postgres') / throughput('sqlite'), '×', atOne ? undefined : atLeast(1));
  figures.add(`${name} · throughput, proxy on SQLite / direct`, throughput('sqlite') / throughput('direct'), '×');
  figures.add(`${name} · throughput, proxy on PostgreSQL / direct`, throughput('postgres') / throughput('direct'), '×');
}

export async function benchDesk(options: DeskBenchOptions) {
  const figures = new Figures('desk');
  const children: ChildProcess[] = [];
  let postgres: PostgresServer | undefined;
  try {
    postgres = await startPostgres({ database: 'desk_bench' });
    const service = await startChild<ServiceInfo>('service');
    children.push(service.child);
    const env = { BENCH_SERVICE: JSON.stringify(service.info) };
    const onSqlite = await startChild<ProxyInfo>('proxy', env);
    children.push(onSqlite.child);
    const onPostgres = await startChild<ProxyInfo>('proxy', { ...env, BENCH_DATABASE_URL: postgres.url });
    children.push(onPostgres.child);
    await untilSending(onPostgres.info.proxyUrl);
    const proxies = {
      sqlite: { ...onSqlite.info, cookie: await login(`${onSqlite.info.proxyUrl}/`, onSqlite.info.token) },
      postgres: { ...onPostgres.info, cookie: await login(`${onPostgres.info.proxyUrl}/`, onPostgres.info.token) },
    };
    progress(
      `desk: service ${service.info.serviceUrl}, proxy on SQLite ${proxies.sqlite.proxyUrl} (${proxies.sqlite.journalPath}), ` +
        `proxy on PostgreSQL ${proxies.postgres.proxyUrl} (port ${postgres.port})`,
    );
    const servers: Servers = { service: service.info, proxies, body: await oneOrder(service.info.serviceUrl) };
    await checkTickets(servers);
    const tickets = await measureTickets(servers, options, figures);
    await Promise.all(children.splice(0).map(stopChild));
    const failover = await measureFailover(postgres, options.failover, figures);
    return { figures: figures.list, details: { tickets, failover } };
  } finally {
    await Promise.all(children.map(stopChild));
    await postgres?.stop();
  }
}
