/**
 * The real terminal for the start-up and memory sections: built with the project's own
 * vite.config.ts into a temp dir (dist/ is left alone), served by the real proxy in front of the
 * embedded service, and signed in with the token as a trader would be.
 */
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import type { TvConfig } from '@/interface';
import { terminalConfig } from '@/service/config';
import { startProxy } from '@/proxy';
import { createAccountCredentials, createServiceApp } from '@/service';
import { countFuturesServed } from './marketsPages';

const root = resolve(import.meta.dirname, '..', '..');
const TOKEN = 'bench-terminal-token-0123456789';

/** Builds the terminal as `npm run build` does, into a new temp dir; returns the dir. */
export async function buildTerminal(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'perp-bench-dist-'));
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}

/**
 * An existing build (`npm run build`'s dist/), copied into a new temp dir; returns the dir. A copy,
 * so the bench may add its own pages (the floor page) beside the terminal's files and serve them
 * from the same proxy without touching the project's dist/. The copy takes well under a second;
 * a build takes 15 s.
 */
export function copyBuild(distDir: string): string {
  const from = resolve(distDir);
  if (!existsSync(join(from, 'index.html'))) throw new Error(`--dist ${distDir}: no index.html there (run npm run build first)`);
  const outDir = mkdtempSync(join(tmpdir(), 'perp-bench-dist-'));
  cpSync(from, outDir, { recursive: true });
  return outDir;
}

export interface RealApp {
  url: string;
  loginUrl: string;
  /** Signs the context in (the session cookie), without loading the page. */
  signIn(context: BrowserContext): Promise<void>;
  /** The service's answers to GET /v1/public/futures so far (see countFuturesServed). */
  futuresServed(): number;
  close(): Promise<void>;
}

export async function startRealApp(
  distDir: string,
  options: { instrumentCount?: number; config?: TvConfig; everyUpdateMoves?: boolean; seed?: number; backfill?: boolean } = {},
): Promise<RealApp> {
  const { seed = 7, instrumentCount, config, everyUpdateMoves, backfill = false } = options;
  const service = createServiceApp({ seed, instrumentCount, config, everyUpdateMoves });
  const futuresServed = countFuturesServed(service.app);
  const serviceUrl = await service.app.listen({ host: '127.0.0.1', port: 0 });
  const account = createAccountCredentials();
  service.accounts.register(account.accountId, account.key);
  const proxy = await startProxy({
    serviceBaseUrl: serviceUrl,
    embedded: true,
    account,
    journalPath: join(mkdtempSync(join(tmpdir(), 'perp-bench-app-')), 'journal.sqlite'),
    // As `npm start` does: the simulator's past fills the new tape, so a chart has a day to draw.
    tapeBackfill: backfill ? service.pastMinutes : undefined,
    distDir,
    host: '127.0.0.1',
    port: 0,
    // A fixed token works every time, so each cold context can sign in.
    terminalToken: TOKEN,
  });
  return {
    url: proxy.url,
    loginUrl: proxy.loginUrl,
    futuresServed,
    async signIn(context) {
      // The context's request client shares its cookie jar: the 303 leaves the session cookie.
      const response = await context.request.get(proxy.loginUrl, { maxRedirects: 0 });
      if (response.status() !== 303) throw new Error(`sign-in answered ${response.status()}`);
    },
    async close() {
      await proxy.close();
      await service.app.close();
    },
  };
}

/** The service's own config with quotes polled every 250 ms: the moving market the page sections measure. */
export const TICKING_CONFIG: TvConfig = { ...terminalConfig, pullingInterval: { ...terminalConfig.pullingInterval, quotes: 250 } };

/**
 * The real app at 1,000 instruments with quotes every 250 ms, and a signed-in 1440×900 page in a
 * context of its own (not navigated yet): what the page sections measure a moving market on.
 */
export async function startTickingPage(
  browser: Browser,
  distDir: string,
  /** The browser's language, when a section compares locales. */
  locale?: string,
  /** The tape filled with the simulator's past, as `npm start` fills it. */
  backfill = false,
): Promise<{ app: RealApp; context: BrowserContext; page: Page; close(): Promise<void> }> {
  const config = TICKING_CONFIG;
  const app = await startRealApp(distDir, { instrumentCount: 1000, config, backfill });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...(locale ? { locale } : {}) });
  const close = async () => {
    await context.close();
    await app.close();
  };
  try {
    await app.signIn(context);
    return { app, context, page: await context.newPage(), close };
  } catch (error) {
    await close();
    throw error;
  }
}
