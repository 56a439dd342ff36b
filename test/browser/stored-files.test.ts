import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsFile } from '@/terminal/features/settings';
import type { GridNode } from '@/terminal/features/workspace/model/dockLayout';
import { presetLayout } from '@/terminal/features/workspace/model/presets';
import { workspaceFile } from '@/terminal/features/workspace/model/workspaceFile';
import { startApp, type RunningApp } from '../helpers/app';
import { launchChromium } from '../helpers/browser';
import { inLayoutMenu } from '../helpers/terminal';

/** Files a trader may be sent, tried as the review tried them: through the terminal's own menus. */
let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'stored-files-token-0123456789' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(before?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (before) {
    // The stored value is set on the terminal's own origin before it loads.
    await page.goto(`${new URL(app.loginUrl).origin}/favicon.ico`).catch(() => undefined);
    await before(page);
  }
  await page.goto(app.loginUrl);
  await page.getByText('Trading enabled').waitFor();
  return page;
}

/** The review's workspace file: one group of Markets under `depth` splits (27 kB at 700). */
function nestedFile(depth: number): string {
  const watch = presetLayout('watch');
  const leaf: GridNode = { type: 'leaf', data: { id: 'deep', views: ['markets'], activeView: 'markets' } };
  const text = JSON.stringify(workspaceFile('Deep', { ...watch, grid: { ...watch.grid, root: { type: 'branch', data: [leaf] } }, panels: { markets: watch.panels.markets! } }));
  const leafText = JSON.stringify(leaf);
  return text.replace(`{"type":"branch","data":[${leafText}]}`, `${'{"type":"branch","data":['.repeat(depth)}${leafText}${']}'.repeat(depth)}`);
}

describe('Layout → Import of a layout nested deep', () => {
  it.each([700, 5000])('%i branches: refused with a notice, the terminal stays as it was, and so does the next tab', async (depth) => {
    const page = await open();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await inLayoutMenu(page, () =>
      page.getByLabel('Import a workspace file').setInputFiles({ name: 'deep.json', mimeType: 'application/json', buffer: Buffer.from(nestedFile(depth)) }),
    );
    await page.getByText('deep.json was not imported').waitFor();
    // The field named; the words after it are new (translated once the catalogues are extracted).
    await page.getByText(/^layout\.grid\.root: /).waitFor();
    await expect.poll(() => page.locator('.layout-menu__summary').innerText()).toBe('Layout: Trade');
    const next = await page.context().newPage();
    await next.goto(app.url);
    await next.getByText('Trading enabled').waitFor();
    await next.getByRole('region', { name: 'Order ticket' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('Settings → Import of a file binding keys the editor refuses', () => {
  it('is refused naming each key, and nothing changes', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const keys = { 'ticket.buy': 'Enter', 'ticket.sell': 'Enter', 'palette.open': 'Escape', 'markets.search': 'B' };
    await dialog.getByLabel('Import settings').setInputFiles({
      name: 'keys.json',
      mimeType: 'application/json',
      buffer: Buffer.from(settingsFile({ ...DEFAULT_SETTINGS, theme: 'light', keys })),
    });
    const note = dialog.getByText(/^keys\.json was not read, nothing changed: /);
    await note.waitFor();
    const text = await note.innerText();
    // Each refused key named (the words after each are new: translated once the catalogues are extracted).
    for (const field of ['keys.ticket.buy: ', 'keys.ticket.sell: ', 'keys.palette.open: ', 'keys.markets.search: ']) expect(text).toContain(field);
    expect((await page.evaluate(() => localStorage.getItem('perp-terminal.settings'))) ?? '').not.toContain('Enter');
    await page.context().close();
  });
});

describe('a stored workspace the last page failed while opening', () => {
  it('is set aside at the next open with a notice, kept to recover; the terminal opens on Trade', async () => {
    const saved = { name: 'Mine', layout: null, saved: presetLayout('watch') };
    const page = await open(async (origin) => {
      await origin.evaluate((workspace) => {
        localStorage.setItem('perp-terminal.workspace', JSON.stringify({ state: { active: 'mine', workspaces: { mine: workspace } }, version: 1 }));
        // What a page that crashed while loading it left behind.
        localStorage.setItem('perp-terminal.workspace.loading', new Date().toISOString());
      }, saved);
    });
    await page.getByText('Reset: your saved workspaces could not be read').waitFor();
    await expect.poll(() => page.locator('.layout-menu__summary').innerText()).toBe('Layout: Trade');
    expect(await page.evaluate(() => localStorage.getItem('perp-terminal.workspace.set-aside'))).toContain('"mine"');
    // A page that runs settles its mark: the next open loads what it saved.
    await page.waitForFunction(() => localStorage.getItem('perp-terminal.workspace.loading') === null, undefined, { timeout: 10_000 });
    await page.reload();
    await page.getByText('Trading enabled').waitFor();
    await expect(page.getByText('Reset: your saved workspaces could not be read').count()).resolves.toBe(0);
    await page.context().close();
  });
});
