import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { launchChromium, panelsSettled } from '../helpers/browser';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'panels-fit-token-0123456789' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openAt(width: number, height: number, phone = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, ...(phone ? { hasTouch: true, isMobile: true } : {}) });
  const page = await context.newPage();
  await page.goto(app.loginUrl);
  await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
  await panelsSettled(page);
  return page;
}

/** Places an ETH order through the proxy, so the Orders panel has a row. */
async function placeOrder(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const answer = (await (await fetch('/v1/public/futures')).json()) as { data: { rows: { symbol: string; mark_price: number }[] } };
    const mark = answer.data.rows.find((row) => row.symbol === 'PERP_ETH_USDC')!.mark_price;
    const response = await fetch('/v1/batch-order', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': `fit-${Date.now()}` },
      body: JSON.stringify({ orders: [{ symbol: 'PERP_ETH_USDC', order_type: 'LIMIT', side: 'BUY', order_price: Math.round(mark * 95) / 100, order_quantity: 0.1 }] }),
    });
    return response.status;
  });
  expect(status).toBe(200);
}

/**
 * What spills out of the markets, orders, account or chart panel, or is squeezed in it: an element drawn past its panel's box with no
 * scrolling box between them, and text set one word to a line (a panel too narrow for it).
 */
function spills(page: Page) {
  return page.locator('.panel.markets, .panel.orders, .panel.account, .panel.chart').evaluateAll((panels) =>
    panels.flatMap((panel) => {
      const box = panel.getBoundingClientRect();
      if (box.width === 0) return [];
      const name = panel.className;
      const out: string[] = [];
      for (const element of panel.querySelectorAll('*')) {
        const rect = element.getBoundingClientRect();
        // A menu or a tip opens over other panels on purpose.
        if (rect.width === 0 || rect.height === 0 || element.closest('.menu__panel, .tip')) continue;
        let clipped = false;
        for (let up = element.parentElement; up && up !== panel; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clipped = true;
        }
        if (clipped || getComputedStyle(panel).overflowY !== 'visible') continue;
        if (rect.bottom > box.bottom + 1 || rect.right > box.right + 1) out.push(`${name}: ${element.tagName}.${element.className} spills`);
      }
      for (const note of panel.querySelectorAll<HTMLElement>('.orders__note')) {
        if (note.getBoundingClientRect().width < 160) out.push(`${name}: the orders note is squeezed to ${note.getBoundingClientRect().width}px`);
      }
      return out;
    }),
  );
}

describe('every panel fits its box', () => {
  it('on a tablet (768×1024): no panel clipped, spilling, or squeezed to fragments', async () => {
    const page = await openAt(768, 1024);
    expect(await spills(page)).toEqual([]);
    // The orders' table heads are in view, not pushed out by a note one word wide.
    const head = await page.locator('.orders thead').boundingBox();
    const panel = await page.locator('.panel.orders').boundingBox();
    expect(head && panel && head.y + head.height <= panel.y + panel.height).toBe(true);
    await page.context().close();
  });

  it('on a 1280×720 laptop: the account stays in its box', async () => {
    const page = await openAt(1280, 720);
    expect(await spills(page)).toEqual([]);
    await page.context().close();
  });

  it('on a phone (390×844): Orders shows side, price, quantity and state without scrolling sideways', async () => {
    const page = await openAt(390, 844, true);
    await placeOrder(page);
    await page.locator('.phone__tabs').getByText('Orders', { exact: true }).click();
    const row = page.locator('table[aria-label="Placed orders"] tr[data-status="accepted"]').first();
    await row.waitFor().catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/panels/phone-orders.png' });
      throw error;
    });
    for (const column of ['symbol', 'order_price', 'order_quantity', 'status']) {
      const cell = await row.locator(`td[data-column="${column}"]`).boundingBox();
      expect(cell, column).not.toBeNull();
      expect(cell!.x + cell!.width, column).toBeLessThanOrEqual(390);
    }
    expect(await row.locator('td[data-column="symbol"]').innerText()).toMatch(/BUY\s+ETH/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
