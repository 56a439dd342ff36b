/**
 * The desk section's failover time: the real app (`src/main.ts`, as `npm start`) in two child
 * processes on one PostgreSQL, signing for one account at the embedded service behind a recording
 * front; the one holding the sending lease is killed with SIGKILL (no clean release: the survivor
 * must wait the lease out), a ticket is posted to the survivor at once, and the time is from the
 * kill to that ticket's order arriving at the service. Then a fresh standby joins and the new
 * holder is killed in turn, `kills` times per lease ttl; the figure is their median.
 */
import { proxyDefaults } from '@/proxy/options';
import { rmSync } from 'node:fs';
import { ensureTerminalBuilt } from '@/terminalBuild';
import { root, startApp, type RunningApp } from '../helpers/app';
import { startFaultyService, type FaultyService } from '../helpers/faultyService';
import { createDatabase, type PostgresServer } from '../helpers/postgres';
import { login, markOf, serviceWithAccount, signingEnv } from '../helpers/stack';
import { progress } from './progress';
import { median, sleep } from './stats';
import { atMost, type Figures } from './table';

export interface FailoverOptions {
  /** Lease ttls to measure (LEASE_TTL_MS), ms. */
  ttls: number[];
  /** Kills of the sender per ttl; the figure is their median. */
  kills: number;
}

const DEFAULT_TTL_MS = proxyDefaults.leaseTtlMs;
const TOKEN = 'desk-bench-token-0123456789';
const SYMBOL = 'PERP_ETH_USDC';

interface DeskApp {
  app: RunningApp;
  origin: string;
  cookie: string;
}

async function deskApp(env: Record<string, string>): Promise<DeskApp> {
  const app = await startApp({ env });
  return { app, origin: app.url.replace(/\/$/, ''), cookie: await login(app.url, TOKEN) };
}

async function sending(desk: DeskApp): Promise<boolean> {
  const ready = (await (await fetch(`${desk.origin}/api/health/ready`)).json()) as { sending?: boolean };
  return ready.sending === true;
}

/** The one live proxy that says it sends (GET /api/health/ready), once there is exactly one. */
async function holderOf(live: readonly DeskApp[], waitMs: number): Promise<DeskApp> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const says = await Promise.all(live.map(sending));
    const holders = live.filter((_, index) => says[index]);
    if (holders.length === 1) return holders[0]!;
    if (Date.now() > deadline) throw new Error(`${holders.length} of ${live.length} proxies say they send, after ${waitMs} ms`);
    await sleep(50);
  }
}

function postTicket(desk: DeskApp, order: Record<string, unknown>): Promise<number | Error> {
  return fetch(`${desk.origin}/v1/batch-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: desk.origin, cookie: desk.cookie, 'idempotency-key': `desk-failover-${String(order.client_order_id)}` },
    body: JSON.stringify({ orders: [order] }),
  }).then(
    async (answer) => {
      await answer.arrayBuffer();
      return answer.status;
    },
    (error: Error) => error,
  );
}

/** When the order with this client_order_id first reached the service (Date.now() ms). */
async function arrivalOf(faulty: FaultyService, clientOrderId: string, waitMs: number): Promise<number> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const request = faulty.requests.find((seen) => seen.path === '/v1/batch-order' && seen.body.includes(`"${clientOrderId}"`));
    if (request) return request.at;
    if (Date.now() > deadline) throw new Error(`the order ${clientOrderId} did not reach the service in ${waitMs} ms`);
    await sleep(5);
  }
}

const killed = (app: RunningApp) => new Promise<void>((resolve) => (app.process.signalCode !== null ? resolve() : app.process.once('exit', () => resolve())));

interface Chain {
  faulty: FaultyService;
  env: Record<string, string>;
  order: (clientOrderId: string) => Record<string, unknown>;
}

/** One ttl: `kills` times, the holder killed and a ticket to the survivor timed to the service. */
async function killChain(chain: Chain, ttl: number, kills: number): Promise<number[]> {
  const { faulty, env, order } = chain;
  const live: DeskApp[] = [];
  const dataDirs: string[] = [];
  const addProxy = async () => {
    const desk = await deskApp(env);
    dataDirs.push(desk.app.dataDir);
    live.push(desk);
  };
  const seconds: number[] = [];
  try {
    await addProxy();
    await holderOf(live, 30_000);
    await addProxy();
    // The hand-over path works before anything is timed: a ticket to the standby goes out.
    const check = `check-${ttl}-${process.pid}`;
    const checked = postTicket(live[1]!, order(check));
    await arrivalOf(faulty, check, 30_000);
    progress(`desk failover ttl ${ttl} ms: check ticket through the standby reached the service (answer ${String(await checked)})`);
    for (let kill = 1; kill <= kills; kill++) {
      if (live.length < 2) await addProxy();
      const holder = await holderOf(live, 3 * ttl + 10_000);
      const survivor = live.find((desk) => desk !== holder)!;
      const clientOrderId = `failover-${ttl}-${kill}-${process.pid}`;
      const killedAt = Date.now();
      holder.app.process.kill('SIGKILL');
      const answer = postTicket(survivor, order(clientOrderId));
      const arrivedAt = await arrivalOf(faulty, clientOrderId, 3 * ttl + 30_000);
      await killed(holder.app);
      live.splice(live.indexOf(holder), 1);
      seconds.push((arrivedAt - killedAt) / 1000);
      progress(`desk failover ttl ${ttl} ms, kill ${kill}: the survivor's order at the service ${seconds.at(-1)!.toFixed(2)} s after the kill (answer ${String(await answer)})`);
    }
  } finally {
    await Promise.all(live.map((desk) => desk.app.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  return seconds;
}

export async function measureFailover(postgres: PostgresServer, options: FailoverOptions, figures: Figures) {
  // The app would build a stale dist/ itself, longer than startApp waits for it.
  await ensureTerminalBuilt(root, (line) => progress(`desk: ${line}`));
  // The service as deployed: its 1 request per second per key on.
  const { service, account } = await serviceWithAccount();
  const faulty = await startFaultyService(service.url);
  const details: Record<string, number[]> = {};
  try {
    const mark = await markOf(service.url, SYMBOL);
    const order = (clientOrderId: string) => ({ symbol: SYMBOL, order_type: 'LIMIT', side: 'BUY', order_price: mark, order_quantity: 1, client_order_id: clientOrderId });
    for (const ttl of options.ttls) {
      const databaseUrl = await createDatabase(postgres, `failover_${ttl}`);
      const env = { ...signingEnv(faulty.url, account), DATABASE_URL: databaseUrl, TERMINAL_TOKEN: TOKEN, LEASE_TTL_MS: String(ttl), LOG_LEVEL: 'warn' };
      const seconds = await killChain({ faulty, env, order }, ttl, options.kills);
      details[`ttl ${ttl} ms`] = seconds;
      const name = `failover, lease ttl ${(ttl / 1000).toFixed(1)} s${ttl === DEFAULT_TTL_MS ? ' (default)' : ''} · kill -9 of the sender to the survivor's first order at the service`;
      figures.add(`${name}, median of ${seconds.length}`, median(seconds), 's', ttl === DEFAULT_TTL_MS ? atMost(5) : undefined);
      figures.add(`${name}, fastest`, Math.min(...seconds), 's');
      figures.add(`${name}, slowest`, Math.max(...seconds), 's');
    }
  } finally {
    await faulty.close();
    await service.close();
  }
  return details;
}
