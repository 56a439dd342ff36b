import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differentConfig } from '../fixtures/configs';
import { startApp, type RunningApp } from '../helpers/app';
import { seriousViolations } from '../helpers/axe';
import { launchChromium } from '../helpers/browser';
import { openTerminal, startAppBehindFaultyService, type AppBehindFaultyService } from '../helpers/browserTest';
import type { FaultyService } from '../helpers/faultyService';
import { clickMarket } from '../helpers/terminal';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Requests the page makes to each feed during `ms`. */
async function countFeeds(page: Page, ms: number): Promise<{ quotes: number; orders: number }> {
  const counts = { quotes: 0, orders: 0 };
  const listener = (request: { url(): string }) => {
    const path = new URL(request.url()).pathname;
    if (path === '/v1/public/futures') counts.quotes += 1;
    if (path === '/api/orders') counts.orders += 1;
  };
  page.on('request', listener);
  await page.waitForTimeout(ms);
  page.off('request', listener);
  return counts;
}

/** The terminal in this file's Chromium, once the account area shows its tabs too. */
async function open(app: RunningApp): Promise<Page> {
  const { page } = await openTerminal(app, { browser });
  await page.locator('.tabs__list').getByRole('tab', { name: /^Orders/ }).waitFor();
  return page;
}

const headerOf = (page: Page, table: string, title: string) =>
  page.getByRole('table', { name: table }).getByRole('columnheader', { name: new RegExp(`^${title}`) });

describe('with the embedded service', () => {
  let app: RunningApp;
  let page: Page;
  beforeAll(async () => {
    app = await startApp({ env: { TERMINAL_TOKEN: 'config-test-token-0123456789' } });
    page = await open(app);
  });
  afterAll(async () => {
    await page?.close();
    await app?.stop();
  });

  it('polls each feed at its configured rate (quotes 500 ms, orders 1000 ms)', async () => {
    const counts = await countFeeds(page, 4000);
    expect(counts.quotes).toBeGreaterThanOrEqual(6);
    expect(counts.quotes).toBeLessThanOrEqual(10);
    expect(counts.orders).toBeGreaterThanOrEqual(3);
    expect(counts.orders).toBeLessThanOrEqual(5);
  });

  it('shows markets, ticket and account area at once at 1440×900, without overlap', async () => {
    const boxes = await Promise.all(
      ['.markets', '.ticket', '.account'].map(async (selector) => (await page.locator(selector).boundingBox())!),
    );
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(300);
      expect(box.height).toBeGreaterThan(150);
      expect(box.x + box.width).toBeLessThanOrEqual(1440);
      expect(box.y + box.height).toBeLessThanOrEqual(900);
    }
    const [markets, ticket, account] = boxes as [typeof boxes[0], typeof boxes[0], typeof boxes[0]];
    expect(markets.x + markets.width).toBeLessThanOrEqual(ticket.x);
    expect(markets.y + markets.height).toBeLessThanOrEqual(account.y);
    // The six first columns (Market, Mark, 24h %, Funding, Next funding, Open interest); the rest in Columns.
    expect(await page.getByRole('table', { name: 'Markets' }).getByRole('columnheader').count()).toBeGreaterThanOrEqual(6);
  });

  it('follows the config: order columns with tooltips on hover and focus, summary strip, account tabs', async () => {
    const tag = headerOf(page, 'Placed orders', 'Tag');
    const tooltip = tag.getByRole('tooltip');
    expect(await tooltip.isVisible()).toBe(false);
    await tag.hover();
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    expect(await tooltip.innerText()).toBe('The tag sent with the order');
    await page.mouse.move(5, 5);
    await expect.poll(() => tooltip.isVisible()).toBe(false);
    await tag.getByRole('button').focus();
    await expect.poll(() => tooltip.isVisible()).toBe(true);

    await page.locator('.tabs__list').getByRole('tab', { name: /^Order history/ }).click();
    expect(await headerOf(page, 'Order history', 'Visible qty').getAttribute('class')).toContain('grid__cell--right');
    await page.locator('.tabs__list').getByRole('tab', { name: 'Funding' }).click();
    await page.getByRole('table', { name: 'Funding' }).locator('tr[data-row-id="PERP_BTC_USDC"]').waitFor();
    await page.locator('.tabs__list').getByRole('tab', { name: 'Balances' }).click();
    expect(await page.getByRole('note', { name: 'Balances unavailable' }).innerText()).toMatch(/offers no data/);
    await page.locator('.tabs__list').getByRole('tab', { name: 'Positions' }).click();
    expect(await page.getByRole('note', { name: 'Positions unavailable' }).innerText()).toMatch(/no positions endpoint/);
    await page.locator('.tabs__list').getByRole('tab', { name: /^Orders/ }).click();

    const summary = page.locator('dl.summary');
    expect(await summary.locator('[data-id="balance"] dd').innerText()).toBe('—');
    expect(await summary.locator('[data-id="accountId"] dd').innerText()).toMatch(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/);
  });

  it('keeps a changed layout across a reload, and resets it on request', async () => {
    const markets = page.getByRole('table', { name: 'Markets' });
    await page.locator('.markets summary', { hasText: 'Columns' }).click();
    const menu = page.getByRole('group', { name: 'Columns of Markets' });
    await menu.getByRole('checkbox', { name: 'Index' }).check();
    await menu.getByRole('checkbox', { name: 'Last funding' }).check();
    await page.locator('.markets summary', { hasText: 'Columns' }).click();
    // Drag a header onto another to put it there.
    await page.dragAndDrop('.markets th[data-column="openInterestValue"]', '.markets th[data-column="mark_price"]');
    await markets.getByRole('button', { name: '24h %' }).click();
    const order = async () => markets.locator('th').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-column')));
    const before = await order();
    expect(before).toContain('index_price');
    expect(before).toContain('last_funding_rate');
    expect(before.indexOf('openInterestValue')).toBe(before.indexOf('mark_price') - 1);
    const sort = await markets.getByRole('columnheader', { name: /^24h %/ }).getAttribute('aria-sort');
    expect(sort).toMatch(/ascending|descending/);

    await page.reload();
    // Sorted by 24h change, BTC may be out of view (the rows are virtualized): any market will do.
    await page.locator('.markets tbody tr[data-symbol]').first().waitFor();
    // The header may come a frame after the first row under load: polled, not read once.
    await expect.poll(order).toEqual(before);
    expect(await markets.getByRole('columnheader', { name: /^24h %/ }).getAttribute('aria-sort')).toBe(sort);

    await page.locator('.markets summary', { hasText: 'Columns' }).click();
    await page.getByRole('group', { name: 'Columns of Markets' }).getByRole('button', { name: 'Reset layout' }).click();
    await expect.poll(order).not.toContain('index_price');
    expect(await order()).not.toContain('last_funding_rate');
  });

  it('stops polling while the tab is hidden, and polls again at once when it is shown', async () => {
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
        // As browsers do: the event bubbles from document to window, where TanStack Query listens.
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      }, hidden);
    await setHidden(true);
    await page.waitForTimeout(600); // a poll already on its way may still land
    const hidden = await countFeeds(page, 3000);
    expect(hidden).toEqual({ quotes: 0, orders: 0 });
    const shown = countFeeds(page, 400);
    await setHidden(false);
    const counts = await shown;
    expect(counts.quotes).toBeGreaterThanOrEqual(1);
  });
});

describe('with a service that serves a different config', () => {
  // (also used to break the market data feed, at the end)
  let stack: AppBehindFaultyService;
  let faulty: FaultyService;
  let page: Page;
  beforeAll(async () => {
    stack = await startAppBehindFaultyService({ TERMINAL_TOKEN: 'config-test-token-0123456789' }, (service) =>
      service.respond('/v1/tv/config', differentConfig),
    );
    faulty = stack.faulty;
    page = await open(stack.app);
  });
  afterAll(async () => {
    await page?.close();
    await stack?.close();
  });

  it('polls at that config’s rates (quotes 1000 ms, orders 2000 ms)', async () => {
    const counts = await countFeeds(page, 4000);
    expect(counts.quotes).toBeGreaterThanOrEqual(3);
    expect(counts.quotes).toBeLessThanOrEqual(5);
    expect(counts.orders).toBeGreaterThanOrEqual(1);
    expect(counts.orders).toBeLessThanOrEqual(3);
  });

  it('has that config’s columns, tooltips, alignment, tables, summary and durations', async () => {
    const cid = headerOf(page, 'Placed orders', 'CID');
    expect(await cid.getAttribute('class')).toContain('grid__cell--right');
    await cid.hover();
    await expect.poll(() => cid.getByRole('tooltip').innerText()).toBe('Client order id chosen by the terminal');
    expect(await headerOf(page, 'Placed orders', 'Tag').count()).toBe(0);

    // The journal is a panel of its own now, beside the account (the dock's own tabs name the panels).
    expect(await page.getByRole('tablist', { name: 'Orders' }).getByRole('tab').allInnerTexts()).toEqual(['Orders', 'Order history']);
    expect(await page.getByRole('tablist', { name: 'Account' }).getByRole('tab').allInnerTexts()).toEqual(['Positions', 'Audit', 'Fills']);
    await page.locator('.tabs__list').getByRole('tab', { name: 'Fills' }).click();
    expect(await page.getByRole('note', { name: 'Fills unavailable' }).innerText()).toMatch(/offers no data for “Fills”/);
    await page.locator('.tabs__list').getByRole('tab', { name: 'Audit' }).click();
    await page.getByRole('table', { name: 'Audit' }).getByRole('columnheader', { name: /^State/ }).waitFor();

    const summary = page.locator('dl.summary');
    expect(await summary.locator('dt').allInnerTexts()).toEqual(['Orders sent', 'Margin ratio']);
    expect(await summary.locator('[data-id="totalOrders"] dd').innerText()).toBe('0');
    expect(await summary.locator('[data-id="marginRatio"] dd').innerText()).toBe('—');

    await clickMarket(page, 'PERP_ETH_USDC');
    const duration = page.getByLabel('Duration');
    expect(await duration.locator('option').allInnerTexts()).toEqual(['Immediate or cancel', 'Good till date']);
    expect(await duration.inputValue()).toBe('IOC');
    await duration.selectOption('GTD');
    await page.getByLabel('Expiry date').waitFor();
    await page.getByLabel('Expiry time').waitFor();
    await page.getByText(/Good till date needs an expiry, which a batch order cannot carry/).waitFor();
    await page.getByRole('radio', { name: 'Market' }).check();
    expect(await page.getByLabel('Duration').locator('option').allInnerTexts()).toEqual(['Day']);
  });

  it('marks prices stale with the reason when the feed fails, backs off, and recovers', async () => {
    faulty.fail('/v1/public/futures', 'html-500');
    const status = page.getByRole('status', { name: 'Prices feed' });
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toMatch(
      /^Prices stale: the service answered the market data with 500 and text\/html instead of JSON/,
    );
    await page.locator('.markets .datagrid--stale').waitFor();
    // Stale rows stay readable: no contrast lost (they were faded to 2.9:1); a warning line marks them.
    expect(await seriousViolations(page, '.markets')).toEqual([]);
    expect(await page.locator('.markets .datagrid--stale .datagrid__scroll').evaluate((scroll) => getComputedStyle(scroll).borderTopStyle)).toBe('dashed');
    // Failing polls come less and less often (1 s configured, then 2 s, 4 s…).
    const failing = await countFeeds(page, 5000);
    expect(failing.quotes).toBeLessThanOrEqual(3);
    faulty.fail('/v1/public/futures', 'pass');
    await expect.poll(() => status.innerText(), { timeout: 20_000 }).toMatch(/^Prices (live|\d+ s)$/);
    expect(await page.locator('.markets .datagrid--stale').count()).toBe(0);
  });
});
