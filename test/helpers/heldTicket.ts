import Big from 'big.js';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { clickMarket } from './terminal';

/**
 * Arms a SELL stop of 0.01 BTC from the ticket as a trader would: Stop chosen, the trigger at
 * `fractionOfMark` of the mark the ticket shows, the confirmation read (it says when it fires and
 * what it sends) and accepted with Enter. Returns the trigger typed and the id the result shows.
 */
export async function armStopFromTicket(page: Page, fractionOfMark: string, below?: Big): Promise<{ trigger: string; id: string }> {
  await clickMarket(page, 'PERP_BTC_USDC');
  await page.getByRole('radio', { name: 'Sell / Short' }).check();
  await page.getByRole('radio', { name: 'Stop', exact: true }).check();
  // The trigger's hint names the mark it is judged on, as the markets write it (99,520.5).
  const hint = await page.getByText(/^mark [\d.,]+$/).innerText();
  const mark = new Big(/([\d.,]+)/.exec(hint)![1]!.replaceAll(',', ''));
  // At the fraction of the mark, or lower when `below` asks (a price on the chart's pane).
  const atFraction = mark.times(fractionOfMark);
  const trigger = (below && below.lt(atFraction) ? below : atFraction).round(1, Big.roundDown).toFixed(1);
  await page.getByLabel('Trigger price (USDC)').fill(trigger);
  await page.getByLabel('Quantity (BTC)').fill('0.01');
  await page.getByRole('button', { name: 'Arm sell order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Arm this order?' });
  await expect.poll(() => dialog.innerText()).toMatch(/When the mark falls to [\d,]+\.\d: sell 0\.01 BTC at market/);
  await page.keyboard.press('Enter');
  const result = page.getByRole('region', { name: 'Held order result' });
  await result.getByText('Armed', { exact: true }).first().waitFor({ timeout: 15_000 });
  const id = (await result.locator('[data-held-id]').first().getAttribute('data-held-id'))!;
  return { trigger, id };
}
