import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { launchChromium } from '../helpers/browser';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'browser-test-token-0123456789' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * A fresh page whose terminal code is held until `release()` (and again after `hold()`), so that
 * the first-rows script's work can be seen alone: a fixed delay was not enough on a loaded machine,
 * where the terminal replaced the rows between two reads of the test. A hold ends by itself after
 * 30 s, so a failed test leaves no page stuck.
 */
async function pageWithLateTerminal() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  let release = () => {};
  let held = Promise.resolve();
  const hold = () => {
    held = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 30_000).unref();
    });
  };
  hold();
  // The terminal's first chunk, not the first-rows script's own file (first-rows-*.js), which is
  // deferred: held up, it would hold up the page's load event too.
  await page.route((url) => /^\/assets\/first-(?!rows-)[^/]+\.js$/.test(url.pathname), async (route) => {
    const until = held;
    const response = await route.fetch();
    await until;
    await route.fulfill({ response });
  });
  return { page, problems, hold, release: () => release() };
}

describe('the first market rows, before the terminal’s code', () => {
  it('are painted by the page’s one inline script, allowed by its hash, then replaced by the terminal', async () => {
    const { page, problems, release } = await pageWithLateTerminal();
    // Not waiting for the load event: the held terminal code holds it.
    const answer = await page.goto(app.loginUrl, { waitUntil: 'commit' });
    const csp = (await answer?.request().redirectedFrom()?.response())?.headers()['content-security-policy'];
    expect(csp ?? '').not.toMatch(/sha256/);
    const pageCsp = answer?.headers()['content-security-policy'] ?? '';
    expect(pageCsp.match(/'sha256-[^']+'/g)).toHaveLength(1);
    expect(pageCsp).not.toMatch(/unsafe-inline/);

    await page.locator('#root .first-rows [elementtiming="market-symbol"]').filter({ hasText: 'BTC' }).waitFor();
    expect(await page.locator('#root .first-rows tr').count()).toBeGreaterThanOrEqual(30);
    // Nothing of the terminal ran yet: the rows are the inline script's alone.
    expect(await page.locator('.app').count()).toBe(0);

    release();
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    await page.getByText('Trading enabled').waitFor();
    expect(await page.locator('.first-rows').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('start the terminal when the page is opened as /index.html too (its CSP allows the same one script)', async () => {
    const { page, problems, hold, release } = await pageWithLateTerminal();
    release();
    await page.goto(app.loginUrl);
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    hold();
    const answer = await page.goto(new URL('/index.html', app.url).href, { waitUntil: 'commit' });
    expect((answer?.headers()['content-security-policy'] ?? '').match(/'sha256-[^']+'/g)).toHaveLength(1);
    await page.locator('#root .first-rows').waitFor();
    release();
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    await page.getByText('Trading enabled').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('start the terminal when the inline script is refused (something in front rewrote it, so its hash no longer matches)', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The page as an HTML rewriter would pass it on: the same CSP, the inline script changed.
    await page.route((url) => url.pathname === '/', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('<script>', '<script>/* rewritten */') });
    });
    await page.goto(app.loginUrl);
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    await page.getByText('Trading enabled').waitFor();
    // Refused, as the CSP says: the copy loaded from its file started the terminal instead.
    expect(errors.filter((text) => /inline script/i.test(text))).toHaveLength(1);
    await context.close();
  });

  it('show public prices only to a browser without a session, which then gets the locked terminal as before', async () => {
    const { page, release } = await pageWithLateTerminal();
    const answered: { path: string; status: number }[] = [];
    page.on('response', (response) => answered.push({ path: new URL(response.url()).pathname, status: response.status() }));
    await page.goto(app.url, { waitUntil: 'commit' });
    await page.locator('#root .first-rows').waitFor();
    release();
    await page.getByText('Trading is locked in this browser.').waitFor();
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    const publicPaths = /^\/($|assets\/|favicon|v1\/public\/|v1\/tv\/config$|api\/session$|api\/health)/;
    expect(answered.filter(({ path, status }) => status < 400 && !publicPaths.test(path))).toEqual([]);
    await page.context().close();
  });
});
