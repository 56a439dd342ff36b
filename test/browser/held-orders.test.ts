import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { panelsSettled } from '../helpers/browser';
import { seriousViolations } from '../helpers/axe';
import { terminalForFile } from '../helpers/browserTest';
import { inLayoutMenu } from '../helpers/terminal';


const BTC = 'PERP_BTC_USDC';
let page: Page;

const file = terminalForFile({ TERMINAL_TOKEN: 'held-panel-token-0123456789abcdef' });
beforeAll(() => {
  page = file.page;
});



/** Arms a SELL stop far under the mark through the proxy, with the page's own session, as a bot would. */
async function armStop(on: Page): Promise<HeldOrder> {
  const answer = await on.evaluate(async (symbol) => {
    const futures = (await (await fetch('/v1/public/futures')).json()) as { data: { rows: { symbol: string; mark_price: number }[] } };
    const mark = futures.data.rows.find((row) => row.symbol === symbol)!.mark_price;
    const response = await fetch('/api/held-orders', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': `held-panel-${Date.now()}` },
      body: JSON.stringify({ type: 'STOP_MARKET', symbol, side: 'SELL', order_quantity: 0.01, trigger_price: Math.round(mark / 2) }),
    });
    return { status: response.status, body: (await response.json()) as { data?: HeldOrder; message?: string } };
  }, BTC);
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data!;
}

const grouped = (price: number) => price.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

describe('the held orders panel, in Chromium against the real proxy', () => {
  it('shows an armed stop with its trigger, cancels it from the panel, and passes axe', async () => {
    const stop = await armStop(page);
    await inLayoutMenu(page, () => page.getByRole('checkbox', { name: 'Held orders' }).check());
    const panel = page.getByRole('region', { name: 'Held orders' });
    const row = panel.locator(`tr[data-held-id="${stop.id}"]`);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('armed');
    expect(await row.locator('td[data-column="trigger"]').innerText()).toContain(grouped(stop.trigger_price!).split('.')[0]);
    // The panel itself: the desk's other panels, squeezed to make room, are the a11y test's.
    expect(await seriousViolations(page, '.held-panel')).toEqual([]);
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('cancelled');
    expect(await row.locator('td[data-column="state"]').innerText()).toBe('cancelled');
    const state = await page.evaluate(async (id) => ((await (await fetch(`/api/held-orders/${id}`)).json()) as { data: HeldOrder }).data.state, stop.id);
    expect(state).toBe('cancelled');
  });

  it('on a phone (390×844): the Held tab shows the order as a card, without scrolling sideways, and passes axe', async () => {
    const stop = await armStop(page);
    const context = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const phone = await context.newPage();
    try {
      await phone.goto(file.stack.app.loginUrl);
      await phone.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
      await panelsSettled(phone);
      await phone.locator('.phone__tabs').getByRole('button', { name: 'Held', exact: true }).click();
      const card = phone.locator(`li[data-held-id="${stop.id}"]`);
      await expect.poll(() => card.getAttribute('data-state'), { timeout: 10_000 }).toBe('armed');
      const box = await card.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await card.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(phone)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
