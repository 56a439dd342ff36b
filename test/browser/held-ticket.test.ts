import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { terminalForFile } from '../helpers/browserTest';
import { clickMarket } from '../helpers/terminal';

let page: Page;

const file = terminalForFile({ TERMINAL_TOKEN: 'held-ticket-test-token-0123456789' });
beforeAll(() => {
  page = file.page;
});

/** GET /api/held-orders as the signed-in page sees it. */
const heldOrders = () =>
  page.evaluate(async () => ((await (await fetch('/api/held-orders')).json()) as { data: { rows: HeldOrder[] } }).data.rows);

describe('a stop armed from the ticket, in Chromium', () => {
  it('chooses Stop, types a trigger and a quantity, confirms, and sees it armed at the proxy', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    await page.getByRole('radio', { name: 'Sell / Short' }).check();
    await page.getByRole('radio', { name: 'Stop', exact: true }).check();
    // The trigger's hint names the mark it is judged on: a SELL stop a fifth below it does not fire.
    const hint = await page.getByText(/^mark [\d.]+$/).innerText();
    const mark = Number(/([\d.]+)/.exec(hint)?.[1]);
    const trigger = (Math.round(mark * 0.8 * 10) / 10).toFixed(1);
    await page.getByLabel('Trigger price (USDC)').fill(trigger);
    await page.getByLabel('Quantity (BTC)').fill('0.01');
    await page.getByRole('button', { name: 'Arm sell order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Arm this order?' });
    await expect.poll(() => dialog.innerText()).toMatch(/When the mark falls to [\d,]+\.\d: sell 0\.01 BTC at market/);
    await page.keyboard.press('Enter');
    const result = page.getByRole('region', { name: 'Held order result' });
    await result.getByText('Armed', { exact: true }).first().waitFor({ timeout: 15_000 });
    const shownId = await result.locator('[data-held-id]').getAttribute('data-held-id');
    const rows = await heldOrders();
    const armed = rows.find((row) => row.id === shownId);
    expect(armed).toMatchObject({ type: 'STOP_MARKET', state: 'armed', symbol: 'PERP_BTC_USDC', side: 'SELL', order_quantity: 0.01, trigger_price: Number(trigger) });
    expect(rows.filter((row) => row.type === 'STOP_MARKET')).toHaveLength(1);
  });
});
