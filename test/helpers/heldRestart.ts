import { join } from 'node:path';
import { startApp, type RunningApp } from './app';
import { startFaultyService } from './faultyService';
import { BTC } from './held';
import { login, serviceWithAccount, signingEnv, tempDir, ticketKey } from './stack';

/**
 * The setting of the held-order restart tests: a real service with an account, behind a faulty
 * proxy that can hold or drop its answers, BTC's mark scripted at 100,000, and an app on a data
 * directory of its own that a test kills (-9) and starts again on the same journal.
 */
export interface RestartBench {
  upstream: Awaited<ReturnType<typeof serviceWithAccount>>;
  faulty: Awaited<ReturnType<typeof startFaultyService>>;
  dataDir: string;
  journalPath: string;
  /** The app now (a new one after each `restart`). */
  app: () => RunningApp;
  /** Starts the app again on the same data directory. */
  restart: () => Promise<RunningApp>;
  /** A JSON request to the app as a signed-in terminal (a fresh Idempotency-Key unless `key`). */
  call: <T>(path: string, init?: RequestInit, key?: string) => Promise<T>;
}

export async function restartBench(
  cleanups: (() => Promise<void>)[],
  token: string,
  env: Record<string, string> = { SERVICE_TIMEOUT_MS: '60000' },
): Promise<RestartBench> {
  const upstream = await serviceWithAccount({ rateLimitPerSecond: false });
  cleanups.push(() => upstream.service.close());
  const faulty = await startFaultyService(upstream.service.url);
  cleanups.push(() => faulty.close());
  upstream.service.market.script.setMark(BTC, 100_000);
  const dataDir = tempDir();
  const journalPath = join(dataDir, 'journal.sqlite');
  const fullEnv = { ...signingEnv(faulty.url, upstream.account), JOURNAL_PATH: journalPath, TERMINAL_TOKEN: token, ...env };
  let app = await startApp({ env: fullEnv, dataDir });
  cleanups.push(() => app.stop());
  return {
    upstream,
    faulty,
    dataDir,
    journalPath,
    app: () => app,
    restart: async () => (app = await startApp({ env: fullEnv, dataDir })),
    call: async <T>(path: string, init: RequestInit = {}, key = ticketKey()) => {
      const origin = app.url.replace(/\/$/, '');
      const cookie = await login(app.url, token);
      const headers: Record<string, string> = { origin, cookie, 'idempotency-key': key };
      // A body-less DELETE with a JSON content type would be refused as an empty body.
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      return (await (await fetch(origin + path, { ...init, headers })).json()) as T;
    },
  };
}

/** Kills the app as a crash would (SIGKILL) and waits for it to be gone. */
export async function killed(app: RunningApp): Promise<void> {
  app.process.kill('SIGKILL');
  await new Promise((resolve) => app.process.once('exit', resolve));
}
