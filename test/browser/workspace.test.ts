import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import type { GridNode } from '@/terminal/features/workspace/model/dockLayout';
import { presetLayout } from '@/terminal/features/workspace/model/presets';
import { launchChromium, panelsSettled } from '../helpers/browser';
import { inLayoutMenu, switchWorkspace } from '../helpers/terminal';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'workspace-token-0123456789abcdef' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(width: number, height: number, before?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: width < 768 });
  const page = await context.newPage();
  if (before) {
    // The stored value is set on the terminal's own origin before it loads.
    await page.goto(`${new URL(app.loginUrl).origin}/favicon.ico`).catch(() => undefined);
    await before(page);
  }
  await page.goto(app.loginUrl);
  await page.getByText('Trading enabled').waitFor();
  await page.locator('tr[data-symbol="PERP_BTC_USDC"]').first().waitFor();
  return page;
}

/** The boxes of the panels on screen (the dock's groups, or the phone's one view). */
const panelBoxes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.panel-host')]
      .filter((host) => host.isConnected && host.getClientRects().length > 0)
      .map((host) => {
        const box = host.getBoundingClientRect();
        return { id: host.dataset.panel ?? '', x: box.x, y: box.y, width: box.width, height: box.height };
      }),
  );

const overlaps = (boxes: { id: string; x: number; y: number; width: number; height: number }[]) =>
  boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1)
      .map((b) => `${a.id} over ${b.id}`),
  );

const SIZES = [
  [1920, 1080],
  [1440, 900],
  [1280, 720],
  [1024, 768],
  [768, 1024],
  [390, 844],
] as const;

describe('every screen', () => {
  for (const [width, height] of SIZES) {
    it(`${width}×${height}: no sideways scroll, no panel over another, none squeezed, markets and ticket at hand`, async () => {
      const page = await open(width, height);
      try {
        const phone = width < 768;
        if (!phone) await page.getByRole('region', { name: 'Order ticket' }).waitFor();
        const scroll = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
        expect(scroll.scroll).toBeLessThanOrEqual(scroll.inner);
        const boxes = await panelBoxes(page);
        expect(overlaps(boxes)).toEqual([]);
        for (const box of boxes) {
          expect(box.width, `${box.id} width`).toBeGreaterThanOrEqual(phone ? 300 : 200);
          expect(box.height, `${box.id} height`).toBeGreaterThanOrEqual(120);
        }
        expect(boxes.map((box) => box.id)).toContain('markets');
        if (phone) {
          // The list's three columns fit the phone: nothing of the day's change is cut off.
          const list = await page.locator('.markets .datagrid__scroll').evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
          expect(list.scroll).toBeLessThanOrEqual(list.client);
          const change = await page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="change24h"]').boundingBox();
          expect(change!.x + change!.width).toBeLessThanOrEqual(width);
          await page.getByRole('button', { name: 'Trade', exact: true }).click();
          await page.getByRole('dialog', { name: 'Ticket sheet' }).getByRole('region', { name: 'Order ticket' }).waitFor();
        } else expect(boxes.map((box) => box.id)).toContain('ticket');
      } finally {
        await page.context().close();
      }
    });
  }
});

/** The terminal at 1440×900 opened with this value stored for its workspaces (on the first load only). */
async function seeded(stored: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('perp-terminal.workspace', value);
      sessionStorage.setItem('seeded', '1');
    }
  }, stored);
  const page = await context.newPage();
  await page.goto(app.loginUrl);
  return page;
}

/**
 * A tab dragged as a hand does it: pressed, moved in steps until the dock shows where it would
 * land, and released there. One jump from tab to target (Playwright's `dragTo`) left the dock no
 * dragover to aim by on a busy machine, and the drop was lost.
 */
async function dragTab(page: Page, name: string, to: { x: number; y: number }): Promise<void> {
  const tab = (await page.getByRole('tab', { name: new RegExp(`^${name}\\b`) }).boundingBox())!;
  await page.mouse.move(tab.x + tab.width / 2, tab.y + tab.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x - 40, to.y, { steps: 8 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.locator('.dv-drop-target-selection').first().waitFor();
  await page.mouse.up();
}

const boxById = async (page: Page) => Object.fromEntries((await panelBoxes(page)).map((box) => [box.id, box]));

describe('the desk', () => {
  it('a tab is named by all it shows, and Delete on it closes its panel', async () => {
    const page = await open(1440, 900);
    try {
      const markets = page.getByRole('tab', { name: /^Markets\b/ });
      await markets.waitFor();
      const state = await markets.locator('.dock-tab__state').innerText();
      expect(state).not.toBe('');
      expect(await markets.getAttribute('aria-label')).toBe(`Markets ${state}`);
      await page.getByRole('tab', { name: /^Account\b/ }).focus();
      await page.keyboard.press('Delete');
      await expect.poll(async () => Object.keys(await boxById(page)).sort()).toEqual(['chart', 'markets', 'orders', 'ticket']);
    } finally {
      await page.context().close();
    }
  });

  it('a panel dragged to a new place is where it was left after a reload', async () => {
    const page = await open(1440, 900);
    try {
      await page.getByRole('region', { name: 'Order ticket' }).waitFor();
      // Every panel's body is in: a body arriving mid-drag moves the place the drop was aimed at.
      await panelsSettled(page);
      const before = await boxById(page);
      const ticket = before.ticket!;
      // The Account tab dropped on the right edge of the ticket: a new column right of the ticket.
      await dragTab(page, 'Account', { x: ticket.x + ticket.width - 8, y: ticket.y + ticket.height / 2 });
      await expect.poll(async () => (await boxById(page)).account?.x ?? 0, { timeout: 5_000 }).toBeGreaterThan(before.account!.x + 300);
      const moved = await boxById(page);
      expect(overlaps(Object.values(moved))).toEqual([]);
      // Saved 300 ms after the hand rests (useDockLayout).
      await page.waitForTimeout(600);
      await page.reload();
      await page.getByRole('region', { name: 'Order ticket' }).waitFor();
      await page.locator('.panel-host[data-panel="account"]').waitFor();
      await panelsSettled(page);
      const after = await boxById(page);
      for (const id of Object.keys(moved)) {
        expect(Math.abs(after[id]!.x - moved[id]!.x), `${id} x`).toBeLessThan(3);
        expect(Math.abs(after[id]!.width - moved[id]!.width), `${id} width`).toBeLessThan(3);
        expect(Math.abs(after[id]!.y - moved[id]!.y), `${id} y`).toBeLessThan(3);
      }
    } finally {
      await page.context().close();
    }
  });

  it('a switch away and back finds each workspace as it was left: panels, a list scrolled, a draft', async () => {
    const page = await open(1440, 900);
    const markets = page.locator('.markets .datagrid__scroll');
    const ids = async () => Object.keys(await boxById(page)).sort();
    try {
      await page.getByRole('region', { name: 'Order ticket' }).waitFor();
      await panelsSettled(page);
      await page.getByRole('tab', { name: /^Account\b/ }).focus();
      await page.keyboard.press('Delete');
      await expect.poll(ids).toEqual(['chart', 'markets', 'orders', 'ticket']);
      await page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="symbol"]').click();
      await page.getByLabel('Quantity (BTC)').fill('0.25');
      const box = (await markets.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 500);
      await expect.poll(() => markets.evaluate((element) => element.scrollTop)).toBeGreaterThan(100);
      const scrolled = await markets.evaluate((element) => element.scrollTop);

      await switchWorkspace(page, 'Batch');
      await expect.poll(ids).toEqual(['markets', 'orders', 'ticket']);
      expect(overlaps(Object.values(await boxById(page)))).toEqual([]);
      // The Trade dock kept warm behind is neither seen nor reached: its tabs are not the page's.
      expect(await page.getByRole('tab', { name: /^Chart\b/ }).count()).toBe(0);
      expect(await markets.evaluate((element) => element.scrollTop)).toBe(scrolled);

      await switchWorkspace(page, 'Trade');
      await expect.poll(ids).toEqual(['chart', 'markets', 'orders', 'ticket']);
      expect(await markets.evaluate((element) => element.scrollTop)).toBe(scrolled);
      expect(await page.getByLabel('Quantity (BTC)').inputValue()).toBe('0.25');
      // A reset changes what is stored: the dock loads it again, the account back in its place.
      await inLayoutMenu(page, () => page.getByRole('button', { name: 'Reset' }).click());
      await expect.poll(ids).toEqual(['account', 'chart', 'markets', 'orders', 'ticket']);
      await switchWorkspace(page, 'Batch');
      await switchWorkspace(page, 'Trade');
      await expect.poll(ids).toEqual(['account', 'chart', 'markets', 'orders', 'ticket']);
    } finally {
      await page.context().close();
    }
  });

  for (const [what, stored] of [
    ['an old', JSON.stringify({ state: { active: 'trade', workspaces: {} }, version: 0 })],
    ['a corrupt', '{"state": {"active": 7'],
  ] as const) {
    it(`${what} stored layout opens the default with a notice`, async () => {
      const page = await seeded(stored);
      try {
        await page.getByText('Reset: your saved workspaces could not be read').waitFor();
        await page.getByRole('region', { name: 'Order ticket' }).waitFor();
        const ids = (await panelBoxes(page)).map((box) => box.id).sort();
        expect(ids).toEqual(['account', 'chart', 'markets', 'orders', 'ticket']);
        expect(await page.locator('.layout-menu__summary').innerText()).toBe('Layout: Trade');
      } finally {
        await page.context().close();
      }
    });
  }

  it('a saved layout naming a panel this terminal lacks opens without it, and says so', async () => {
    const layout = presetLayout('trade');
    const leaves = (node: GridNode): GridNode[] => (node.type === 'leaf' ? [node] : node.data.flatMap(leaves));
    const ticketGroup = leaves(layout.grid.root).find((leaf) => leaf.type === 'leaf' && leaf.data.views.includes('ticket'));
    if (ticketGroup?.type !== 'leaf') throw new Error('The Trade preset has no ticket group');
    ticketGroup.data.views.push('heatmap');
    layout.panels.heatmap = { id: 'heatmap', contentComponent: 'heatmap', title: 'Heatmap' };
    const stored = { state: { active: 'trade', workspaces: { trade: { name: 'Trade', layout, saved: null } } }, version: 1 };
    const page = await seeded(JSON.stringify(stored));
    try {
      await page.getByRole('region', { name: 'Order ticket' }).waitFor();
      // The heatmap is named as the one left out; the chart is a panel of this terminal.
      await page.getByText(/^Layout “Trade” opened without "heatmap"$/).waitFor();
      await page.getByRole('region', { name: 'Order ticket' }).waitFor();
      expect((await panelBoxes(page)).map((box) => box.id).sort()).toEqual(['account', 'chart', 'markets', 'orders', 'ticket']);
    } finally {
      await page.context().close();
    }
  });
});

describe('the phone', () => {
  it('a rotation keeps where the market list was scrolled', async () => {
    const page = await open(390, 844);
    try {
      await panelsSettled(page);
      const list = page.locator('.markets .datagrid__scroll');
      const box = (await list.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 400);
      await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBeGreaterThan(100);
      const scrolled = await list.evaluate((element) => element.scrollTop);
      // Landscape is wide enough for the dock: the list moves into it, and back.
      await page.setViewportSize({ width: 844, height: 390 });
      await page.locator('.dock__layer').first().waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('navigation', { name: 'Panels' }).waitFor();
      await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBe(scrolled);
    } finally {
      await page.context().close();
    }
  });

  it('opens a market, fills the ticket sheet and sends; a rotation keeps the market and the draft', async () => {
    const page = await open(390, 844);
    try {
      await page.locator('tr[data-symbol="PERP_ETH_USDC"] td[data-column="symbol"]').tap();
      const row = await page.locator('tr[data-symbol="PERP_ETH_USDC"]').boundingBox();
      expect(row!.height).toBeGreaterThanOrEqual(44);
      await page.getByRole('group', { name: 'Trade PERP_ETH_USDC' }).getByRole('button', { name: 'Buy' }).tap();
      const sheet = page.getByRole('dialog', { name: 'Ticket sheet' });
      expect(await sheet.getByLabel('Symbol', { exact: true }).inputValue()).toBe('PERP_ETH_USDC');
      await sheet.getByLabel('Quantity (ETH)').fill('0.25');
      await page.setViewportSize({ width: 844, height: 390 });
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await sheet.getByLabel('Quantity (ETH)').inputValue()).toBe('0.25');
      await sheet.getByRole('button', { name: 'Buy', exact: true }).tap();
      await sheet.getByRole('region', { name: 'Ticket result' }).getByText('1 accepted').waitFor({ timeout: 15_000 });
      // The chart was made while off screen (the phone shows one panel at a time): it draws when shown.
      await sheet.getByRole('button', { name: 'Close' }).tap();
      await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Chart' }).tap();
      await page.getByRole('img', { name: /^Price chart of PERP_ETH_USDC/ }).waitFor();
      const canvas = await page.locator('.panel-host[data-panel="chart"] canvas').first().boundingBox();
      expect(canvas!.width).toBeGreaterThan(200);
      expect(canvas!.height).toBeGreaterThan(100);
    } finally {
      await page.context().close();
    }
  });
});
