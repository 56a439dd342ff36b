import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app';
import { launchChromium, panelsSettled, watchMissingWords } from './browser';
import { startFaultyService, type FaultyService } from './faultyService';
import { serviceWithAccount, signingEnv } from './stack';

/** What a browser test starts before its first step; close() stops it all, in reverse order. */
export interface AppBehindFaultyService {
  /** The real embedded service, with its limit of one batch request per second. */
  upstream: Awaited<ReturnType<typeof serviceWithAccount>>;
  /** Forwards to the upstream, counts what reaches it, and misbehaves when told to. */
  faulty: FaultyService;
  app: RunningApp;
  close(): Promise<void>;
}

/**
 * The app (`npm start`) signing for an account of a real embedded service, through a faulty
 * service a test can watch and break. `env` adds to the app's environment (its token, timeouts).
 */
export async function startAppBehindFaultyService(
  env: Record<string, string>,
  prepare: (faulty: FaultyService) => void = () => {},
): Promise<AppBehindFaultyService> {
  const upstream = await serviceWithAccount();
  const faulty = await startFaultyService(upstream.service.url);
  prepare(faulty);
  const app = await startApp({
    env: {
      ...signingEnv(faulty.url, upstream.account),
      ...env,
    },
  });
  return {
    upstream,
    faulty,
    app,
    close: async () => {
      await app.stop();
      await faulty.close();
      await upstream.service.close();
    },
  };
}

export interface OpenTerminalOptions {
  /** Chromium to open the page in; a new one (closed with the page) when omitted. */
  browser?: Browser;
  /** Runs on the page before it loads (to listen to its console from the very start). */
  beforeLoad?: (page: Page) => void;
  /** Waits until trading is enabled and the markets show; false leaves that to the test. */
  waitUntilReady?: boolean;
}

export interface OpenTerminal {
  browser: Browser;
  page: Page;
  /** Closes the page, and Chromium too when it was launched for this page. */
  close(): Promise<void>;
}

/** The terminal at 1440×900, signed in with the app's printed link. */
export async function openTerminal(app: RunningApp, options: OpenTerminalOptions = {}): Promise<OpenTerminal> {
  const browser = options.browser ?? (await launchChromium());
  // A context of its own, so a test can open a second tab of the same signed-in terminal.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const missingWords = watchMissingWords(page);
  options.beforeLoad?.(page);
  await page.goto(app.loginUrl);
  if (options.waitUntilReady ?? true) {
    await page.getByText('Trading enabled').waitFor();
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    // The dock arrives after the first prices and moves the panels: a test measures them after it.
    await panelsSettled(page);
  }
  return {
    browser,
    page,
    close: async () => {
      await context.close();
      if (!options.browser) await browser.close();
      if (missingWords.length > 0) throw new Error(`Words shown before they were loaded:\n${missingWords.join('\n')}`);
    },
  };
}

/** The app behind a faulty service and the terminal open on it, for a whole test file. */
export interface FileTerminal {
  stack: AppBehindFaultyService;
  faulty: FaultyService;
  terminal: OpenTerminal;
  page: Page;
}

/**
 * Starts the app behind a faulty service and opens the terminal before the file's tests, and closes
 * both after them. The fields are set once the file's first beforeAll has run.
 */
export function terminalForFile(env: Record<string, string>): FileTerminal {
  const file = {} as FileTerminal;
  beforeAll(async () => {
    file.stack = await startAppBehindFaultyService(env);
    file.faulty = file.stack.faulty;
    file.terminal = await openTerminal(file.stack.app);
    file.page = file.terminal.page;
  });
  afterAll(async () => {
    await file.terminal?.close();
    await file.stack?.close();
  });
  return file;
}
