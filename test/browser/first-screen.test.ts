import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { terminalForFile } from '../helpers/browserTest';
import { fillOrder } from '../helpers/terminal';

const file = terminalForFile({ TERMINAL_TOKEN: 'first-screen-token-0123456789' });

type Rect = { left: number; top: number; right: number; bottom: number };
const rectOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    }),
  );
const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The markets' scroll box, and the header cells and rows wholly inside it. */
function marketsInView(page: Page) {
  return page.locator('.markets .datagrid__scroll').evaluate((scroll) => {
    const box = scroll.getBoundingClientRect();
    const inside = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.left >= box.left - 1 && rect.right <= box.left + scroll.clientWidth + 1 && rect.top >= box.top - 1 && rect.bottom <= box.top + scroll.clientHeight + 1;
    };
    return {
      rows: [...scroll.querySelectorAll('tbody tr')].filter(inside).length,
      columns: [...scroll.querySelectorAll('thead th')].filter(inside).map((th) => th.getAttribute('data-column')),
    };
  });
}

describe('a new trader’s first screen at 1440×900', () => {
  it('charts the first market at once, and shows 15 markets with the columns a perpetuals trader scans', async () => {
    const { page } = file;
    await expect.poll(() => page.locator('.chart').innerText(), { timeout: 10_000 }).toContain('PERP_BTC_USDC');
    const view = await marketsInView(page);
    expect(view.rows).toBeGreaterThanOrEqual(15);
    for (const column of ['symbol', 'mark_price', 'change24h', 'est_funding_rate', 'next_funding_time', 'openInterestValue']) {
      expect(view.columns, column).toContain(column);
    }
    const oi = await page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="openInterestValue"]').innerText();
    // Open interest in dollars: BTC's is billions, not the few thousand coins it is in BTC.
    expect(oi).toMatch(/^\d+(\.\d+)?[MB]$/);
  });

  it('a click on a price of a row selects its market and takes no price from it', async () => {
    const { page } = file;
    await page.locator('.markets summary').click();
    await page.locator('.markets .menu__panel').getByRole('checkbox', { name: '24h high' }).check();
    await page.locator('.markets summary').click();
    const high = page.locator('tr[data-symbol="PERP_ETH_USDC"] td[data-column="24h_high"]');
    const highText = (await high.innerText()).replaceAll(',', '');
    await high.click();
    await expect.poll(() => page.getByLabel('Symbol', { exact: true }).inputValue()).toBe('PERP_ETH_USDC');
    expect(await page.getByLabel('Price (USDC)').inputValue()).not.toBe(highText);
    await page.locator('.markets summary').click();
    await page.locator('.markets .menu__panel').getByRole('checkbox', { name: '24h high' }).uncheck();
    await page.locator('.markets summary').click();
  });

  it('a toast covers neither the ticket’s header nor the newest orders', async () => {
    const { page } = file;
    await fillOrder(page, 'PERP_ETH_USDC', '0.1');
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.locator('[data-toast]').first().waitFor();
    await page.locator('table[aria-label="Placed orders"] tr[data-status="accepted"]').first().waitFor();
    // The toasts look again at what is under them twice a second: wait for them to have moved
    // aside (the state asserted), not for a time.
    const covered = async () => {
      const [toaster] = await rectOf(page, '.toaster');
      const guarded = [
        ...(await rectOf(page, '.panel.ticket > .panel__head')),
        ...(await rectOf(page, 'table[aria-label="Placed orders"] thead, table[aria-label="Placed orders"] tbody tr:nth-child(-n+3)')),
      ];
      expect(guarded.length).toBeGreaterThanOrEqual(3);
      // A toast still shown: an empty toaster covers nothing and would prove nothing.
      expect(await page.locator('[data-toast]').count()).toBeGreaterThan(0);
      return guarded.filter((rect) => overlaps(toaster!, rect));
    };
    await expect.poll(covered, { timeout: 5_000 }).toEqual([]);
  });

  it('the Orders table writes prices grouped, with the market’s decimals', async () => {
    const { page } = file;
    const price = await page.locator('table[aria-label="Placed orders"] tr[data-status="accepted"] td[data-column="order_price"]').first().innerText();
    // ETH is priced to the cent: 3,504.20, never 3504.2.
    expect(price).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  it('a frozen service is never "Trading enabled" beside a fresh latency', async () => {
    const { page, faulty } = file;
    const frozen = await (await fetch(`${faulty.url}/v1/public/futures`)).json();
    faulty.respond('/v1/public/futures', frozen);
    await expect.poll(() => page.locator('.topbar .session').innerText(), { timeout: 15_000 }).not.toBe('Trading enabled');
    expect(await page.locator('.topbar .connection').getAttribute('data-live')).toBe('false');
  });
});
