/**
 * The servers of the proxy section, run as a child process (`node --import tsx`) so that the load
 * generator in the parent does not share their event loop: the embedded service (no 1/s limit) and
 * the proxy in front of it (journal on a real SQLite file, no pacing, no per-session limit).
 *
 * Prints one JSON line with the URLs and the account, then serves until SIGTERM. Bench-only
 * routes on the service: GET /bench/requests (requests that reached it) and POST /bench/reset
 * (forgets accepted orders, so that millions of them do not make later runs pay for GC).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProxy } from '../../src/proxy';
import { createAccountCredentials, createServiceApp } from '../../src/service';

export const BENCH_TOKEN = 'bench-token-0123456789abcdef';

export interface ServerInfo {
  serviceUrl: string;
  proxyUrl: string;
  token: string;
  journalPath: string;
  account: { accountId: string; key: string; secret: string };
}

async function main(): Promise<void> {
  const service = createServiceApp({ seed: 7, rateLimitPerSecond: false });
  let requests = 0;
  service.app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/bench/')) requests += 1;
  });
  service.app.get('/bench/requests', async () => ({ requests }));
  service.app.post('/bench/reset', async () => {
    service.desk.accepted.length = 0;
    return { ok: true };
  });
  const serviceUrl = await service.app.listen({ host: '127.0.0.1', port: 0 });

  const account = createAccountCredentials();
  service.accounts.register(account.accountId, account.key);
  const journalPath = join(mkdtempSync(join(tmpdir(), 'perp-bench-journal-')), 'journal.sqlite');
  const proxy = await startProxy({
    serviceBaseUrl: serviceUrl,
    embedded: true,
    account,
    journalPath,
    host: '127.0.0.1',
    port: 0,
    terminalToken: BENCH_TOKEN,
    // The service's 1/s limit is off, so the proxy need not space requests.
    pacingMs: 0,
    // A load generator is one session; the 50/s guard against a runaway tab would cap it.
    sessionRateLimit: 1_000_000,
  });

  const info: ServerInfo = { serviceUrl, proxyUrl: proxy.url.replace(/\/$/, ''), token: BENCH_TOKEN, journalPath, account };
  process.stdout.write(`${JSON.stringify(info)}\n`);

  const stop = async () => {
    await proxy.close();
    await service.app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

await main();
