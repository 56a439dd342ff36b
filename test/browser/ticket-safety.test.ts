import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalForFile } from '../helpers/browserTest';
import type { FaultyService } from '../helpers/faultyService';
import { clickMarket } from '../helpers/terminal';

let faulty: FaultyService;
let page: Page;

const file = terminalForFile({ TERMINAL_TOKEN: 'ticket-safety-token-0123456789' });
beforeAll(() => {
  faulty = file.faulty;
  page = file.page;
});

const rows = () => page.getByRole('list', { name: 'Orders of the ticket' }).getByRole('listitem');
const result = () => page.getByRole('region', { name: 'Ticket result' });

describe('what is sent is what the trader meant, in Chromium', () => {
  it('leaves a filled row as it was when another market is clicked', async () => {
    await clickMarket(page, 'PERP_ETH_USDC');
    await page.getByLabel('Quantity (ETH)').fill('0.5');
    const filled = await rows().first().innerText();
    await page.getByRole('button', { name: 'Duplicate order 1' }).click();
    await page.getByRole('button', { name: 'Edit order 1' }).click();
    await clickMarket(page, 'PERP_BTC_USDC');
    await expect.poll(() => rows().count()).toBe(3);
    expect(await rows().first().innerText()).toBe(filled);
    expect(await page.getByLabel('Symbol', { exact: true }).inputValue()).toBe('PERP_BTC_USDC');
    expect(await page.getByLabel('Quantity (BTC)').inputValue()).toBe('');
  });

  it('warns of a crossing post-only in the row, and the confirmation repeats it', async () => {
    await page.getByLabel('Duration').selectOption('POST_ONLY');
    const mark = Number(await page.getByLabel('Price (USDC)').inputValue());
    await page.getByLabel('Price (USDC)').fill((Math.round(mark * 1.005 * 10) / 10).toFixed(1));
    await page.getByLabel('Quantity (BTC)').fill('0.001');
    const warning = page.getByRole('list', { name: 'Warnings' }).getByText(/^Post-only buy at or above mark/);
    await warning.waitFor();
    await page.getByRole('button', { name: 'Send 3 orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send 3 orders?' });
    await dialog.getByText(/Order 3: Post-only buy at or above mark/).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('offers to replace the rows already in the ticket with a ladder', async () => {
    await page.getByRole('button', { name: 'Edit order 1' }).click();
    const mark = Number(await page.getByLabel('Price (USDC)').inputValue());
    await page.getByRole('radio', { name: 'Ladder' }).check();
    await page.getByLabel('From price').fill((mark * 0.99).toFixed(2));
    await page.getByLabel('To price').fill((mark * 0.98).toFixed(2));
    await page.getByLabel('Number of orders').fill('4');
    await page.getByLabel('Total quantity (ETH)').fill('0.4');
    await page.getByRole('button', { name: 'Add to 3 rows' }).waitFor();
    await page.getByRole('button', { name: 'Replace 3 rows' }).click();
    await expect.poll(() => rows().count()).toBe(4);
  });

  it('empties the ticket once it is sent', async () => {
    await page.getByRole('button', { name: 'Send 4 orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send 4 orders?' });
    if (await dialog.isVisible()) await page.keyboard.press('Enter');
    await result().getByText('4 accepted').waitFor({ timeout: 15_000 });
    await expect.poll(() => rows().count()).toBe(1);
    expect(await page.getByLabel('Quantity (ETH)', { exact: true }).inputValue()).toBe('');
  });

  it('shows the latest ticket in the result panel after a reload, even one sent from another tab', async () => {
    // A second tab of the same terminal sends while this one stays open with its own state.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await clickMarket(other, 'PERP_SOL_USDC');
    await other.getByLabel('Quantity (SOL)').fill('0.3');
    await other.getByRole('button', { name: 'Buy', exact: true }).click();
    const dialog = other.getByRole('dialog', { name: 'Send 1 order?' });
    if (await dialog.isVisible()) await other.keyboard.press('Enter');
    const otherResult = other.getByRole('region', { name: 'Ticket result' });
    await otherResult.getByText('1 accepted').waitFor({ timeout: 15_000 });
    const latest = await otherResult.innerText();
    expect(latest).toMatch(/SOL/);
    await other.close();
    // This tab follows, and what it writes next does not put its older result back.
    await result().getByText(/SOL/).waitFor();
    await page.getByLabel('Quantity (SOL)').fill('0.02');
    await page.reload();
    await result().waitFor();
    expect(await result().innerText()).toBe(latest);
  });

  it('keeps the send bar in view at 1024×768 without scrolling the page', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const button = page.getByRole('button', { name: /^(Buy|Sell)$/ });
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(768);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('asks before sending on a stale market feed, and names the age of the data', async () => {
    await clickMarket(page, 'PERP_ETH_USDC');
    await page.getByLabel('Quantity (ETH)').fill('0.01');
    faulty.fail('/v1/public/futures', 'html-500');
    await page.getByText(/^Unverified: prices are \d+ s old/).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send 1 order?' });
    await dialog.getByText(/^Prices are \d+ s old: every check against mark is unverified\.$/).waitFor();
    await page.keyboard.press('Escape');
    faulty.fail('/v1/public/futures', 'pass');
  });
});
