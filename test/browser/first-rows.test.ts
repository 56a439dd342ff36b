import type { Browser, Page } from 'playwright-core';
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

/** A fresh page whose terminal code comes late, so that the first-rows script's work can be seen alone. */
async function pageWithLateTerminal(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // The terminal's first chunk, not the first-rows script's own file (first-rows-*.js), which is
  // deferred: held up, it would hold up the page's load event that goto waits for.
  await page.route((url) => /^\/assets\/first-(?!rows-)[^/]+\.js$/.test(url.pathname), async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response });
  });
  return { page, problems };
}

describe('the first market rows, before the terminal’s code', () => {
  it('are painted by the page’s one inline script, allowed by its hash, then replaced by the terminal', async () => {
    const { page, problems } = await pageWithLateTerminal();
    const answer = await page.goto(app.loginUrl);
    const csp = (await answer?.request().redirectedFrom()?.response())?.headers()['content-security-policy'];
    expect(csp ?? '').not.toMatch(/sha256/);
    const pageCsp = answer?.headers()['content-security-policy'] ?? '';
    expect(pageCsp.match(/'sha256-[^']+'/g)).toHaveLength(1);
    expect(pageCsp).not.toMatch(/unsafe-inline/);

    await page.locator('#root .first-rows [elementtiming="market-symbol"]').filter({ hasText: 'BTC' }).waitFor();
    expect(await page.locator('#root .first-rows tr').count()).toBeGreaterThanOrEqual(30);
    // Nothing of the terminal ran yet: the rows are the inline script's alone.
    expect(await page.locator('.app').count()).toBe(0);

    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    await page.getByText('Trading enabled').waitFor();
    expect(await page.locator('.first-rows').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('start the terminal when the page is opened as /index.html too (its CSP allows the same one script)', async () => {
    const { page, problems } = await pageWithLateTerminal();
    await page.goto(app.loginUrl);
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    const answer = await page.goto(new URL('/index.html', app.url).href);
    expect((answer?.headers()['content-security-policy'] ?? '').match(/'sha256-[^']+'/g)).toHaveLength(1);
    await page.locator('#root .first-rows').waitFor();
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
    const { page } = await pageWithLateTerminal();
    const answered: { path: string; status: number }[] = [];
    page.on('response', (response) => answered.push({ path: new URL(response.url()).pathname, status: response.status() }));
    await page.goto(app.url);
    await page.locator('#root .first-rows').waitFor();
    await page.getByText('Trading is locked in this browser.').waitFor();
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    const publicPaths = /^\/($|assets\/|favicon|v1\/public\/|v1\/tv\/config$|api\/session$|api\/health)/;
    expect(answered.filter(({ path, status }) => status < 400 && !publicPaths.test(path))).toEqual([]);
    await page.context().close();
  });
});
