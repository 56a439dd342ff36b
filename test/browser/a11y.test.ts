import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { panelsSettled } from '../helpers/browser';
import { terminalForFile } from '../helpers/browserTest';
import { switchWorkspace } from '../helpers/terminal';


let page: Page;

const file = terminalForFile({ TERMINAL_TOKEN: 'a11y-token-0123456789abcdef' });
beforeAll(() => {
  page = file.page;
});



const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('accessibility, in Chromium', () => {
  it('follows the system light and dark schemes by default, live', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(theme).toBe('light');
    const light = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(theme).toBe('dark');
    expect(await background()).not.toBe(light);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`has no serious or critical axe finding at ${viewport.width}×${viewport.height} in ${scheme}`, async () => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await expect.poll(theme).toBe(scheme);
        await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
        // The whole screen, not its first row: the lazy panels (and a phone's tab bar) come after.
        await panelsSettled(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  it('has no serious or critical axe finding with a workspace kept warm behind the one on screen', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await switchWorkspace(page, 'Batch');
    try {
      await expect.poll(() => page.locator('.dock__layer').count()).toBe(2);
      await expect.poll(() => page.getByRole('tab', { name: /^Chart\b/ }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await switchWorkspace(page, 'Trade');
    }
    await page.getByRole('tab', { name: /^Chart\b/ }).waitFor();
  });

  it('has no serious or critical axe finding in high contrast, compact, at 1440×900 and 390×844', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'High contrast' }).check();
    await settings.getByRole('radiogroup', { name: 'Density' }).getByRole('radio', { name: 'Compact' }).check();
    await page.keyboard.press('Escape');
    try {
      await expect.poll(theme).toBe('contrast');
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.density)).toBe('compact');
      // Compact is the grid's rows too, placed by the virtualizer at the token's height.
      const rows = page.locator('.panel-host[data-panel="markets"] tbody tr');
      await expect.poll(async () => (await rows.nth(1).boundingBox())!.y - (await rows.nth(0).boundingBox())!.y).toBe(22);
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
      await panelsSettled(page);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.evaluate(() => localStorage.removeItem('perp-terminal.settings'));
      await page.reload();
      await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor();
    }
  });

  it('has no serious finding in the settings and the shortcut sheet, and gives the focus back on Escape', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const button = page.getByRole('button', { name: 'Settings' });
    await button.click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
