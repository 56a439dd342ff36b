/**
 * `npm run screenshot`: the terminal at 1440×900 on the embedded service, with a few orders placed,
 * written to test/screenshots/terminal.png for the README.
 */
import { join } from 'node:path';
import { startApp, root } from './helpers/app';
import { launchChromium } from './helpers/browser';
import { clickMarket } from './helpers/terminal';

const out = join(root, 'test', 'screenshots', 'terminal.png');
const app = await startApp({ env: { TERMINAL_TOKEN: 'screenshot-token-0123456789' } });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(app.loginUrl);
  await clickMarket(page, 'PERP_ETH_USDC');
  await page.getByLabel('Quantity (ETH)').fill('1.5');
  await page.getByRole('button', { name: 'Buy' }).click();
  await page.getByRole('region', { name: 'Ticket result' }).waitFor();
  await clickMarket(page, 'PERP_BTC_USDC');
  await page.getByRole('radio', { name: 'Sell / Short' }).check();
  await page.getByLabel('Quantity (BTC)').fill('0.25');
  await page.waitForTimeout(1200);
  await page.getByRole('button', { name: 'Sell' }).click();
  await page.locator('.outcome__row').first().waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out });
  console.log(`Wrote ${out}`);
} finally {
  await browser.close();
  await app.stop();
}
