import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalForFile } from '../helpers/browserTest';
import type { FaultyService } from '../helpers/faultyService';
import { clickMarket } from '../helpers/terminal';

let faulty: FaultyService;
let page: Page;

const file = terminalForFile({ TERMINAL_TOKEN: 'ticket-usd-test-token-0123456789' });
beforeAll(() => {
  faulty = file.faulty;
  page = file.page;
});

/** The largest number of `decimals`-places steps whose cost at `price` fits in `usd`, in integers only. */
function stepsFor(usd: string, price: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = price.split('.');
  const priceUnits = BigInt(whole + fraction);
  // usd / (price × 10^-decimals) = usd × 10^(decimals + price places) / price units.
  return (BigInt(usd) * 10n ** BigInt(decimals + fraction.length)) / priceUnits;
}

describe('a ticket sized in USD, in Chromium', () => {
  it('sends the base quantity the ticket showed for a USD size on a limit order', async () => {
    await clickMarket(page, 'PERP_ETH_USDC');
    await page.getByRole('button', { name: 'USD', exact: true }).click();
    const size = page.getByLabel('Size (USD)');
    await size.fill('100');
    const price = await page.getByLabel('Price (USDC)').inputValue();
    expect(Number(price)).toBeGreaterThan(0);
    const sends = page.getByText(/^Sends [\d.]+ ETH at the limit price$/);
    const shown = /^Sends ([\d.]+) ETH/.exec(await sends.innerText())?.[1] ?? '';
    const decimals = shown.split('.')[1]?.length ?? 0;
    // What the trader saw is USD ÷ price rounded down to the step, worked out here without the ticket's code.
    expect(BigInt(shown.replace('.', ''))).toBe(stepsFor('100', price, decimals));
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send 1 order?' });
    if (await dialog.isVisible()) await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Ticket result' }).getByText('1 accepted').waitFor({ timeout: 15_000 });
    const reached = faulty.requests.filter((request) => request.path === '/v1/batch-order');
    expect(reached).toHaveLength(1);
    const { orders } = JSON.parse(reached[0]?.body ?? '{}') as { orders: Record<string, unknown>[] };
    expect(orders).toEqual([expect.objectContaining({ symbol: 'PERP_ETH_USDC', side: 'BUY', order_price: Number(price), order_quantity: Number(shown) })]);
    expect(orders[0]).not.toHaveProperty('order_amount');
    // The switch wrote the setting: a reload keeps sizing in USD.
    await page.reload();
    await page.getByLabel('Size (USD)').waitFor();
  });
});
