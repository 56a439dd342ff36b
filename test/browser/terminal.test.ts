import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { openTerminal, type OpenTerminal } from '../helpers/browserTest';
import { clickMarket } from '../helpers/terminal';

let app: RunningApp;
let terminal: OpenTerminal;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'browser-test-token-0123456789' } });
  terminal = await openTerminal(app, {
    waitUntilReady: false,
    beforeLoad: (opened) => {
      opened.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      opened.on('pageerror', (error) => consoleErrors.push(error.message));
    },
  });
  page = terminal.page;
});

afterAll(async () => {
  await terminal?.close();
  await app?.stop();
});

const markText = (symbol: string) =>
  page.locator(`tr[data-symbol="${symbol}"] td[data-column="mark_price"]`).innerText();

describe('the terminal in Chromium, on the real proxy and embedded service', () => {
  it('signs in with the printed link and drops the token from the address bar', async () => {
    await expect.poll(() => page.url()).toBe(app.url);
    await page.getByText('Trading enabled').waitFor();
  });

  it('shows at least 40 markets whose prices change between polls', async () => {
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    const table = page.getByRole('table', { name: 'Markets' });
    const count = Number(await table.getAttribute('aria-rowcount')) - 1;
    expect(count).toBeGreaterThanOrEqual(40);
    await expect.poll(async () => page.getByText(/\d+ perpetuals/).innerText()).toBe(`${count} perpetuals`);

    const first = await Promise.all(['PERP_BTC_USDC', 'PERP_ETH_USDC', 'PERP_SOL_USDC'].map(markText));
    await expect
      .poll(async () => (await Promise.all(['PERP_BTC_USDC', 'PERP_ETH_USDC', 'PERP_SOL_USDC'].map(markText))).join('|'), {
        timeout: 15_000,
      })
      .not.toBe(first.join('|'));

    // The list is virtualized; the last market is reachable by scrolling. Scrolled once the dock
    // is up: before, the markets fill the desk, and moving into the dock keeps the offset in
    // pixels, which is not the bottom of a shorter panel.
    // (While the dock's code loads, React may show the first paint twice: one kept, one as fallback.)
    await expect.poll(() => page.locator('.dock--first').count(), { timeout: 30_000 }).toBe(0);
    await page.locator('.markets .datagrid__scroll').evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.locator('tr[data-symbol="PERP_GMX_USDC"]').waitFor();
    await page.locator('.markets .datagrid__scroll').evaluate((element) => element.scrollTo(0, 0));
  });

  it('parses the market data in a worker, which the content security policy lets start', async () => {
    await expect.poll(() => page.workers().map((worker) => worker.url()).join(' ')).toMatch(/\/assets\/feedWorker-[\w-]+\.js/);
    const feed = page.workers().find((worker) => worker.url().includes('feedWorker'))!;
    expect(await feed.evaluate(() => typeof self.onmessage)).toBe('function');
  });

  it('fills the ticket from a market, sends the order and shows its accepted row', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    await expect.poll(() => page.getByLabel('Symbol', { exact: true }).inputValue()).toBe('PERP_BTC_USDC');
    expect(Number(await page.getByLabel('Price (USDC)').inputValue())).toBeGreaterThan(50_000);
    await page.getByLabel('Quantity (BTC)').fill('0.01');
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    const result = page.getByRole('region', { name: 'Ticket result' });
    await result.getByText('1 accepted').waitFor();
    await expect.poll(() => result.innerText()).toMatch(/order id \d+/);
    await page.locator('table[aria-label="Placed orders"] tr[data-status="accepted"]').first().waitFor();
  });

  it('sends an order the service refuses and shows its reason', async () => {
    await page.getByLabel('Quantity (BTC)').fill('100');
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    // 10 million USDC is above the ticket's confirmation threshold: it asks first.
    await page.getByRole('dialog', { name: 'Send 1 order?' }).waitFor();
    await page.keyboard.press('Enter');
    const result = page.getByRole('region', { name: 'Ticket result' });
    await result.getByText('1 rejected', { exact: true }).waitFor();
    expect(await result.innerText()).toMatch(/order notional [\d,.]+ USDC is above the limit of 5,000,000 USDC per order/);
  });

  it('explains a field the ticket cannot send, before sending', async () => {
    await page.getByLabel('Quantity (BTC)').fill('0.00001');
    await page.getByText('Use a multiple of the step 0.0001').waitFor();
    expect(await page.getByRole('button', { name: 'Buy', exact: true }).isDisabled()).toBe(true);
  });

  it('ran without errors in the console (content security policy included)', () => {
    expect(consoleErrors).toEqual([]);
  });
});
