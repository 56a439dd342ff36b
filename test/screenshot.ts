/**
 * `npm run screenshot`: the terminal at 1440×900 on the embedded service, written to
 * test/screenshots/ for the README: terminal.png (orders placed) and batch.png (a ladder about to
 * be sent, at its confirmation).
 */
import { join } from 'node:path';
import { startApp, root } from './helpers/app';
import { openTerminal } from './helpers/browserTest';
import { clickMarket } from './helpers/terminal';

const dir = join(root, 'test', 'screenshots');
const app = await startApp({ env: { TERMINAL_TOKEN: 'screenshot-token-0123456789' } });
const terminal = await openTerminal(app);
try {
  const { page } = terminal;
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
  console.log(`Wrote ${join(dir, 'terminal.png')} and ${join(dir, 'batch.png')}`);
} finally {
  await terminal.close();
  await app.stop();
}
