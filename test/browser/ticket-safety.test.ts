import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalForFile } from '../helpers/browserTest';
import { panelsSettled } from '../helpers/browser';
import type { FaultyService } from '../helpers/faultyService';
import { clickMarket, fillOrder, switchWorkspace } from '../helpers/terminal';

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
  it('sets a sized batch aside when another market is clicked, and Restore brings it back as it was', async () => {
    await clickMarket(page, 'PERP_ETH_USDC');
    await page.getByLabel('Quantity (ETH)').fill('0.5');
    await page.getByRole('button', { name: 'Duplicate order 1' }).click();
    await page.getByRole('button', { name: 'Edit order 1' }).click();
    const before = await rows().allInnerTexts();
    await clickMarket(page, 'PERP_BTC_USDC');
    // The new order is on BTC and unsized; the ETH batch is kept aside, said, and listed.
    await expect.poll(() => rows().count()).toBe(1);
    expect(await page.getByLabel('Symbol', { exact: true }).inputValue()).toBe('PERP_BTC_USDC');
    expect(await page.getByLabel('Quantity (BTC)').inputValue()).toBe('');
    const aside = page.getByRole('region', { name: '1 order set aside' });
    await aside.getByText('2 orders: PERP_ETH_USDC').waitFor();
    await page.getByRole('status').or(page.getByRole('alert')).getByText(/order was set aside/).first().waitFor();
    await aside.getByRole('button', { name: /^Restore/ }).click();
    await expect.poll(() => rows().allInnerTexts()).toEqual(before);
    await aside.waitFor({ state: 'detached' });
  });

  it('warns of a crossing post-only in the row, and the confirmation repeats it', async () => {
    await page.getByLabel('Duration').selectOption('POST_ONLY');
    const mark = Number(await page.getByLabel('Price (USDC)').inputValue());
    await page.getByLabel('Price (USDC)').fill((Math.round(mark * 1.005 * 100) / 100).toFixed(2));
    const warning = page.getByRole('list', { name: 'Warnings' }).getByText(/^Post-only buy at or above mark/);
    await warning.waitFor();
    await page.getByRole('button', { name: 'Send 2 orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send 2 orders?' });
    await dialog.getByText(/Order 1: Post-only buy at or above mark/).waitFor();
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
    await page.getByRole('button', { name: 'Add to 2 rows' }).waitFor();
    await page.getByRole('button', { name: 'Replace 2 rows' }).click();
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
    try {
      const button = page.getByRole('button', { name: /^(Buy|Sell)$/ });
      // The docked layout follows the window on its next frames (a resize observer): read it once it has.
      await expect.poll(async () => {
        const box = await button.boundingBox();
        return box ? box.y + box.height : Number.POSITIVE_INFINITY;
      }).toBeLessThanOrEqual(768);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('finishes a send and says its outcome while the ticket panel is closed (a layout without it)', async () => {
    await fillOrder(page, 'PERP_ETH_USDC', '0.02');
    faulty.fail('/v1/batch-order', 'very-slow-then-pass', 1);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send 1 order?' });
    if (await dialog.isVisible()) await page.keyboard.press('Enter');
    await switchWorkspace(page, 'Watch');
    // A reload while the answer is on its way opens Watch cold: no ticket panel is ever built.
    await page.reload();
    await page.locator('.panel.markets').waitFor();
    await panelsSettled(page);
    expect(await page.locator('.panel.ticket').count()).toBe(0);
    // The outcome still arrives, looked up in the journal, as a toast; the ticket is done.
    await page.getByText('Order accepted').waitFor({ timeout: 20_000 });
    expect(await page.locator('.panel.ticket').count()).toBe(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('perp-terminal.ticket.v1') ?? '{}').state?.pending ?? null)).toBeNull();
    await switchWorkspace(page, 'Trade');
    await result().getByText('1 accepted').waitFor();
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
