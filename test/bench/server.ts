/**
 * The servers of the proxy section, each in its own process (`node --import tsx server.ts <role>`),
 * as they would be deployed: the service does not share the proxy's event loop, and the load
 * generator in the parent shares neither.
 *
 * - `service`: the embedded service (no 1/s limit), with bench-only routes GET /bench/requests
 *   (requests that reached it) and POST /bench/reset (forgets accepted orders, so that millions of
 *   them do not make later runs pay for GC).
 * - `proxy`: the real proxy in front of it (journal on a real SQLite file, or in the PostgreSQL
 *   of BENCH_DATABASE_URL when set; no pacing, no per-session limit); BENCH_SERVICE in the
 *   environment says where the service is.
 * - `hop`: a bare forwarding hop (node:http in, undici out, nothing else): the floor any proxy on
 *   this machine pays for being one more process on the way.
 * - `fastifyHop`: the same in Fastify (body as a Buffer, no schema, no hook): the floor of a proxy
 *   built on Fastify, which ours is.
 *
 * Each prints one JSON line of what it is, then serves until SIGTERM.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { Agent, request } from 'undici';
import { startProxy } from '@/proxy';
import { createAccountCredentials, createServiceApp } from '@/service';

export const BENCH_TOKEN = 'bench-token-0123456789abcdef';

export interface ServiceInfo {
  serviceUrl: string;
  account: { accountId: string; key: string; secret: string };
}
export interface ProxyInfo {
  proxyUrl: string;
  token: string;
  journalPath: string;
  /** Where the journal is: `sqlite` (journalPath) or `postgres` (BENCH_DATABASE_URL). */
  journal: 'sqlite' | 'postgres';
}
export interface HopInfo {
  hopUrl: string;
}
export interface FastifyHopInfo {
  fastifyHopUrl: string;
}

function announce(info: ServiceInfo | ProxyInfo | HopInfo | FastifyHopInfo, stop: () => Promise<void>): void {
  process.stdout.write(`${JSON.stringify(info)}\n`);
  const exit = () => void stop().finally(() => process.exit(0));
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
}

async function service(): Promise<void> {
  const { app, desk, accounts } = createServiceApp({ seed: 7, rateLimitPerSecond: false });
  let requests = 0;
  app.addHook('onRequest', async (incoming) => {
    if (!incoming.url.startsWith('/bench/')) requests += 1;
  });
  app.get('/bench/requests', async () => ({ requests }));
  app.post('/bench/reset', async () => {
    desk.accepted.length = 0;
    return { ok: true };
  });
  const serviceUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const account = createAccountCredentials();
  accounts.register(account.accountId, account.key);
  announce({ serviceUrl, account }, () => app.close());
}

async function proxy(): Promise<void> {
  const upstream = JSON.parse(process.env.BENCH_SERVICE ?? '') as ServiceInfo;
  const journalPath = join(mkdtempSync(join(tmpdir(), 'perp-bench-journal-')), 'journal.sqlite');
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const running = await startProxy({
    databaseUrl,
    serviceBaseUrl: upstream.serviceUrl,
    embedded: true,
    account: upstream.account,
    journalPath,
    host: '127.0.0.1',
    port: 0,
    terminalToken: BENCH_TOKEN,
    // The service's 1/s limit is off, so the proxy need not space requests.
    pacingMs: 0,
    // A load generator is one session; the 50/s guard against a runaway tab, and the tickets in
    // flight per session, would cap it: this measures the proxy's own cost per ticket.
    sessionRateLimit: 1_000_000,
    maxTicketsInFlight: 100,
    maxQueueSeconds: 3600,
  });
  const journal = databaseUrl ? 'postgres' : 'sqlite';
  announce({ proxyUrl: running.url.replace(/\/$/, ''), token: BENCH_TOKEN, journalPath, journal }, () => running.close());
}

async function hop(): Promise<void> {
  const upstream = JSON.parse(process.env.BENCH_SERVICE ?? '') as ServiceInfo;
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 });
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value;
      }
      request(upstream.serviceUrl + (incoming.url ?? '/'), {
        method: (incoming.method ?? 'GET') as 'GET',
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        dispatcher: agent,
      })
        .then(async (answer) => {
          const body = await answer.body.arrayBuffer();
          outgoing.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(Buffer.from(body));
        })
        .catch(() => outgoing.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  announce({ hopUrl: `http://127.0.0.1:${port}` }, async () => {
    server.close();
    await agent.close();
  });
}

async function fastifyHop(): Promise<void> {
  const upstream = JSON.parse(process.env.BENCH_SERVICE ?? '') as ServiceInfo;
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 });
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.all('/*', async (incoming, outgoing) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value;
    }
    const answer = await request(upstream.serviceUrl + incoming.url, {
      method: incoming.method as 'GET',
      headers,
      body: incoming.body as Buffer | undefined,
      dispatcher: agent,
    });
    const body = Buffer.from(await answer.body.arrayBuffer());
    return outgoing.code(answer.statusCode).type('application/json').send(body);
  });
  const fastifyHopUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  announce({ fastifyHopUrl }, async () => {
    await app.close();
    await agent.close();
  });
}

const roles = { service, proxy, hop, fastifyHop };
const role = process.argv[2] as keyof typeof roles;
if (!roles[role]) throw new Error(`usage: server.ts ${Object.keys(roles).join('|')}`);
await roles[role]();
