import type { JournalOrder, Readiness, TicketResult } from '@/interface';
import { startApp, type RunningApp } from './app';
import type { FaultyService } from './faultyService';
import { login, tempDir, ticketKey } from './stack';

/** One proxy of a desk as `npm start` runs it (src/main.ts in its own process), signed in. */
export interface DeskApp {
  app: RunningApp;
  /** The answer of GET /api/health/ready. */
  ready(): Promise<{ status: number; body: Readiness }>;
  /** POST /v1/batch-order; a connection that breaks (the process killed) rejects. */
  post(orders: unknown[], key?: string): Promise<TicketAnswer>;
  /** The journal's orders of one ticket, as this proxy lists them. */
  orders(ticketId: string): Promise<JournalOrder[]>;
  /** The ids of the tickets this proxy logged as answered by the service (it sent them). */
  answeredHere(): string[];
}

export interface TicketAnswer {
  key: string;
  status: number;
  body: { success: boolean; message?: string; data?: TicketResult };
}

export async function startDeskApp(env: Record<string, string>): Promise<DeskApp> {
  const app = await startApp({ env, dataDir: tempDir('perp-desk-') });
  const origin = app.url.replace(/\/$/, '');
  const cookie = await login(app.url, env.TERMINAL_TOKEN);
  const headers = { origin, cookie, 'content-type': 'application/json' };
  return {
    app,
    ready: async () => {
      const answer = await fetch(`${origin}/api/health/ready`);
      return { status: answer.status, body: (await answer.json()) as Readiness };
    },
    post: async (orders, key = ticketKey()) => {
      const answer = await fetch(`${origin}/v1/batch-order`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': key },
        body: JSON.stringify({ orders }),
      });
      return { key, status: answer.status, body: (await answer.json()) as TicketAnswer['body'] };
    },
    orders: async (ticketId) => {
      const read = () => fetch(`${origin}/api/orders?limit=100&ticket=${encodeURIComponent(ticketId)}`, { headers });
      let answer = await read();
      // A test that checks many tickets in a row can pass the session's 50 requests a second (a
      // faster machine sooner): the reading waits as the proxy says, it is not what is tested.
      for (let tries = 0; answer.status === 429 && tries < 5; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(answer.headers.get('retry-after') ?? 1)));
        answer = await read();
      }
      if (answer.status !== 200) throw new Error(`GET /api/orders: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { data: { rows: JournalOrder[] } }).data.rows;
    },
    answeredHere: () =>
      app
        .output()
        .split('\n')
        .filter((line) => line.endsWith('}') && line.includes('"msg":"request answered"'))
        .map((line) => (JSON.parse(line) as { ticket: string }).ticket),
  };
}

/** Stops a desk proxy whatever state a test left it in (paused, killed, running). */
export async function stopDeskApp(desk: DeskApp): Promise<void> {
  const child = desk.app.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGCONT');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** The batch requests that reached the service carrying this client order id. */
export function batchesWith(faulty: FaultyService, clientOrderId: string): FaultyService['requests'] {
  return faulty.requests.filter((request) => request.path === '/v1/batch-order' && request.body.includes(`"client_order_id":"${clientOrderId}"`));
}

/** Which of the desk's proxies says it sends now (readiness), by index; throws unless exactly one. */
export async function theSender(desks: DeskApp[]): Promise<number> {
  const states = await Promise.all(desks.map((desk) => desk.ready()));
  const sending = states.flatMap((state, index) => (state.body.sending ? [index] : []));
  if (sending.length !== 1) throw new Error(`expected exactly one sender, readiness says: ${JSON.stringify(states.map((state) => state.body))}`);
  return sending[0]!;
}
