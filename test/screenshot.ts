/**
 * `npm run screenshot`: the terminal on the embedded service, written to test/screenshots/ for the
 * README and docs/: terminal.png (the desk at 1440×900, orders placed), batch.png (a ladder about to be sent,
 * at its confirmation), light.png (the desk in the light theme), phone-markets.png and
 * phone-ticket.png (390×844: the markets list, then the ticket sheet opened by Buy), chinese.png
 * (the desk in Simplified Chinese, as a browser set to zh-CN opens it).
 */
import { join } from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { startApp, root } from './helpers/app';
import { panelsSettled } from './helpers/browser';
import { openTerminal } from './helpers/browserTest';
import { clickMarket } from './helpers/terminal';

const dir = join(root, 'test', 'screenshots');

/** The desk at 1440×900 in a browser of its own (a scheme, a language), a market picked, written to `file`. */
async function deskShot(browser: Browser, options: BrowserContextOptions, symbol: string, file: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  const page = await context.newPage();
  await page.goto(app.loginUrl);
  await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
  await panelsSettled(page);
  await clickMarket(page, symbol);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(dir, file) });
  await context.close();
}
const app = await startApp({ env: { TERMINAL_TOKEN: 'screenshot-token-0123456789' } });
const terminal = await openTerminal(app);
try {
  const { page } = terminal;
  // The desk in the dark theme (the default follows the system; headless Chromium's is light).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('tr[data-symbol="PERP_ETH_USDC"]').waitFor();
  await page.getByRole('button', { name: 'Pin BTC' }).click();
  await page.getByRole('button', { name: 'Pin SOL' }).click();

  await clickMarket(page, 'PERP_ETH_USDC');
  await page.getByLabel('Quantity (ETH)').fill('1.5');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.getByRole('region', { name: 'Ticket result' }).waitFor();

  await clickMarket(page, 'PERP_BTC_USDC');
  await page.getByRole('radio', { name: 'Sell / Short' }).check();
  await page.getByLabel('Quantity (BTC)').fill('0.25');
  await page.waitForTimeout(1200);
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  await page.locator('.outcome__row').first().waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(dir, 'terminal.png') });

  await page.getByRole('button', { name: 'Dismiss', exact: true }).first().click();
  await page.getByText('Ticket settings').click();
  await page.getByRole('button', { name: 'Clear the ticket' }).click();
  await page.getByText('Ticket settings').click();
  await clickMarket(page, 'PERP_SOL_USDC');
  const mark = Number(await page.getByLabel('Price (USDC)').inputValue());
  await page.getByRole('radio', { name: 'Ladder' }).check();
  await page.getByLabel('From price').fill((mark * 0.995).toFixed(3));
  await page.getByLabel('To price').fill((mark * 0.975).toFixed(3));
  await page.getByLabel('Number of orders').fill('12');
  await page.getByLabel('Total quantity (SOL)').fill('60');
  await page.getByLabel('Split').selectOption('more-at-end');
  await page.getByRole('button', { name: 'Add 12 orders to the ticket' }).click();
  await page.getByRole('button', { name: 'Send 12 orders' }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(dir, 'batch.png') });
  await page.keyboard.press('Escape');

  await deskShot(terminal.browser, { colorScheme: 'light' }, 'PERP_BTC_USDC', 'light.png');
  await deskShot(terminal.browser, { colorScheme: 'dark', locale: 'zh-CN' }, 'PERP_ETH_USDC', 'chinese.png');

  const phone = await terminal.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const phonePage = await phone.newPage();
  await phonePage.goto(app.loginUrl);
  await phonePage.locator('tr[data-symbol="PERP_ETH_USDC"] td[data-column="symbol"]').tap();
  await phonePage.waitForTimeout(800);
  await phonePage.screenshot({ path: join(dir, 'phone-markets.png') });
  await phonePage.getByRole('group', { name: 'Trade PERP_ETH_USDC' }).getByRole('button', { name: 'Buy' }).tap();
  await phonePage.getByRole('dialog', { name: 'Ticket sheet' }).getByLabel('Quantity (ETH)').fill('0.25');
  await phonePage.waitForTimeout(500);
  await phonePage.screenshot({ path: join(dir, 'phone-ticket.png') });
  await phone.close();
  console.log(`Wrote terminal.png, batch.png, light.png, chinese.png, phone-markets.png and phone-ticket.png in ${dir}`);
} finally {
  await terminal.close();
  await app.stop();
}
