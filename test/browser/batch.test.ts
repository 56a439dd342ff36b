import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalForFile } from '../helpers/browserTest';
import type { FaultyService } from '../helpers/faultyService';
import { clickMarket } from '../helpers/terminal';

let faulty: FaultyService;
let page: Page;
const batches = () => faulty.requests.filter((request) => request.path === '/v1/batch-order');

const file = terminalForFile({ TERMINAL_TOKEN: 'batch-test-token-0123456789' });
// The real embedded service, with its limit of one batch request per second, behind a counter.
beforeAll(() => {
  faulty = file.faulty;
  page = file.page;
});

const result = () => page.getByRole('region', { name: 'Ticket result' });
const rowCount = () => page.getByRole('list', { name: 'Orders of the ticket' }).getByRole('listitem').count();

describe('batch tickets in Chromium against the embedded service', () => {
  it('sends a 25-order ladder as 3 requests, with progress, and every row gets its result', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    const mark = Number(await page.getByLabel('Price (USDC)').inputValue());
    await page.getByRole('radio', { name: 'Ladder' }).check();
    await page.getByLabel('From price').fill((Math.floor(mark * 0.99 * 10) / 10).toFixed(1));
    await page.getByLabel('To price').fill((Math.floor(mark * 0.97 * 10) / 10).toFixed(1));
    await page.getByLabel('Number of orders').fill('25');
    await page.getByLabel('Total quantity (BTC)').fill('0.2513');
    await page.getByRole('button', { name: 'Add 25 orders to the ticket' }).click();
    expect(await rowCount()).toBe(25);
    await page.getByText('25 in 3 requests (about 2 s)').waitFor();

    const before = batches().length;
    const servedBefore = faulty.served.filter((answer) => answer.path === '/v1/batch-order').length;
    await page.getByRole('button', { name: 'Send 25 orders' }).click();
    await page.getByRole('dialog', { name: 'Send 25 orders?' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send (Enter)');
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Sending progress' }).waitFor();
    await result().getByText('25 accepted').waitFor({ timeout: 20_000 });
    // A request the service turned away for its rate (a loaded machine can bunch two) is sent again
    // by the proxy, the same body: counted once, and only ever after a 429.
    const all = batches().slice(before);
    const sent = all.filter((request, index) => all.findIndex((other) => other.body === request.body) === index);
    const refused = faulty.served.filter((answer) => answer.path === '/v1/batch-order').slice(servedBefore).filter((answer) => answer.status === 429);
    expect(all.length - sent.length).toBe(refused.length);
    expect(sent.map((request) => (JSON.parse(request.body) as { orders: unknown[] }).orders.length)).toEqual([10, 10, 5]);
    const quantities = sent.flatMap((request) => (JSON.parse(request.body) as { orders: { order_quantity: number }[] }).orders.map((order) => order.order_quantity));
    // What was sent adds up to what the trader asked for, exactly (in steps of 0.0001).
    expect(quantities.reduce((sum, quantity) => sum + Math.round(quantity * 10_000), 0)).toBe(2513);
    expect(await result().locator('li[data-status="accepted"]').count()).toBe(25);
    expect(await result().innerText()).toMatch(/order id \d+/);
    // All accepted: the draft is cleared.
    expect(await rowCount()).toBe(1);
  });

  it('a mixed paste shows every line: bad ones marked with their line and reason, and out of the totals', async () => {
    await page.getByRole('radio', { name: 'Paste' }).check();
    const pasted = [
      'symbol\tside\torder_type\torder_price\torder_quantity',
      'PERP_ETH_USDC\tBUY\tLIMIT\t3400.5\t0.5',
      'PERP_ETH_USDC\tBUY\tLIMIT\tabc\t0.5',
      'eth\tSELL\tLIMIT\t3500\t0.2',
      'PERP_ETH_USDC\tHOLD\tLIMIT\t3400\t100',
    ].join('\n');
    await page.getByLabel(/Paste lines/).fill(pasted);
    await page.getByRole('button', { name: 'Add pasted orders' }).click();
    await page.getByRole('status').filter({ hasText: '4 orders added to the ticket; 2 to fix (lines 3, 5)' }).waitFor();
    const rows = page.getByRole('list', { name: 'Orders of the ticket' }).getByRole('listitem');
    expect(await rows.allInnerTexts()).toEqual([
      expect.not.stringMatching(/to fix/),
      expect.stringMatching(/Pasted line 3 not read: order_price "abc" is not a number/),
      expect.not.stringMatching(/to fix/),
      expect.stringMatching(/Pasted line 5 not read: side "HOLD" must be BUY or SELL/),
    ]);
    // The bare base became its one market.
    await page.getByRole('button', { name: 'Edit order 3' }).click();
    await page.getByRole('radio', { name: 'Order' }).check();
    expect(await page.getByLabel('Symbol', { exact: true }).inputValue()).toBe('PERP_ETH_USDC');
    // 1,700.25 + 700 from the good rows; the broken 100 ETH row would add 340,000.
    await page.getByText('Fix 2 of 4 orders first').waitFor();
    expect(await page.locator('.submit__summary').innerText()).toMatch(/2,400\.25/);
    for (const order of [4, 2]) {
      await page.getByRole('button', { name: `Edit order ${order}` }).click();
      await page.getByRole('button', { name: `Delete order ${order}` }).click();
    }
    expect(await rowCount()).toBe(2);
  });

  it('keeps the draft across a reload', async () => {
    await page.reload();
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    // The ticket is its own chunk and renders just after the markets: wait for it, not for the rows.
    await page.getByRole('list', { name: 'Orders of the ticket' }).waitFor();
    await expect.poll(rowCount).toBe(2);
    await page.getByRole('radio', { name: 'Order' }).check();
    await page.getByRole('button', { name: 'Edit order 1' }).click();
    expect(await page.getByLabel('Symbol', { exact: true }).inputValue()).toBe('PERP_ETH_USDC');
    expect(await page.getByLabel('Price (USDC)').inputValue()).toBe('3400.5');
    expect(await page.getByLabel('Quantity (ETH)').inputValue()).toBe('0.5');
  });

  it('sends a batch with a rejected row, then retries just that row once fixed', async () => {
    await page.getByRole('radio', { name: 'Order' }).check();
    await page.getByRole('button', { name: 'Edit order 1' }).click();
    // Make order 1 too big for the service's risk limit (the ticket cannot know it).
    await page.getByLabel('Quantity (ETH)').fill('2000');
    await page.getByRole('button', { name: 'Send 2 orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send 2 orders?' });
    if (await dialog.isVisible()) await page.keyboard.press('Enter');
    await result().getByText('1 accepted · 1 rejected').waitFor({ timeout: 15_000 });
    expect(await result().locator('li[data-status="rejected"]').innerText()).toMatch(/above the limit of 5,000,000 USDC per order/);
    await page.getByText(/1 accepted, 1 rejected/).first().waitFor();

    await result().getByRole('button', { name: 'Retry 1 rejected' }).click();
    expect(await rowCount()).toBe(1);
    expect(await page.getByLabel('Quantity (ETH)').inputValue()).toBe('2000');
    await page.getByLabel('Quantity (ETH)').fill('1');
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await result().getByText('1 accepted').waitFor({ timeout: 15_000 });
  });

  it('points the ticket at a market clicked on any cell, and no figure of the row becomes its price', async () => {
    const mark = page.locator('tr[data-symbol="PERP_SOL_USDC"] td[data-column="mark_price"]');
    await mark.click();
    expect(await page.getByLabel('Symbol', { exact: true }).inputValue()).toBe('PERP_SOL_USDC');
    const price = Number(await page.getByLabel('Price (USDC)').inputValue());
    // The ticket starts at the mark; a click on the mark cell is a market chosen, not a price typed.
    const shown = Number((await mark.innerText()).replace(/,/g, ''));
    expect(Math.abs(price - shown) / shown).toBeLessThan(0.01);
  });
});
