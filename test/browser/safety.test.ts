import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalForFile } from '../helpers/browserTest';
import type { FaultyService } from '../helpers/faultyService';
import { clickMarket } from '../helpers/terminal';

let faulty: FaultyService;
let page: Page;
const batches = () => faulty.requests.filter((request) => request.path === '/v1/batch-order').length;

const file = terminalForFile({ SERVICE_TIMEOUT_MS: '3000', TERMINAL_TOKEN: 'safety-test-token-0123456789' });
beforeAll(() => {
  faulty = file.faulty;
  page = file.page;
});

async function fillEthOrder(quantity: string) {
  await clickMarket(page, 'PERP_ETH_USDC');
  await page.getByLabel('Quantity (ETH)').fill(quantity);
}

describe('a ticket is sent once, whatever the trader or the network does', () => {
  it('a double click sends one request', async () => {
    await fillEthOrder('0.5');
    const before = batches();
    await page.getByRole('button', { name: 'Buy', exact: true }).dblclick();
    await page.getByRole('region', { name: 'Ticket result' }).getByText('1 accepted').waitFor();
    await page.waitForTimeout(1500);
    expect(batches() - before).toBe(1);
  });

  it('a reload while the ticket is on its way sends nothing again, and shows the outcome when it is known', async () => {
    faulty.fail('/v1/batch-order', 'hang', 1);
    await fillEthOrder('0.7');
    const before = batches();
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect.poll(() => batches(), { timeout: 10_000 }).toBe(before + 1);
    await page.reload();
    // The ticket is in the journal; the terminal looks it up instead of sending it.
    const result = page.getByRole('region', { name: 'Ticket result' });
    await result.getByText('1 unknown').waitFor({ timeout: 15_000 });
    expect(await result.innerText()).toMatch(/Check your open orders at the service before sending it again/);
    const alert = page.getByRole('alert', { name: 'Orders with unknown outcome' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/1 order with an unknown outcome \(PERP_ETH_USDC\)/);
    await page.waitForTimeout(1500);
    expect(batches()).toBe(before + 1);
  });
});
