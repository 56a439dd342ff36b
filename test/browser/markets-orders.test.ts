import { readFile } from 'node:fs/promises';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalOrderSchema } from '@/interface';
import { startApp, type RunningApp } from '../helpers/app';
import { openTerminal, type OpenTerminal } from '../helpers/browserTest';
import { fillOrder } from '../helpers/terminal';

let app: RunningApp;
let terminal: OpenTerminal;
let page: Page;

beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'markets-orders-token-0123456789' } });
  terminal = await openTerminal(app);
  page = terminal.page;
});

afterAll(async () => {
  await terminal?.close();
  await app?.stop();
});

const marketsScroll = () => page.locator('.markets .datagrid__scroll');
const shownSymbols = () =>
  page.locator('table[aria-label="Markets"] tbody tr').evaluateAll((rows) =>
    rows
      .map((row) => ({ symbol: row.getAttribute('data-symbol') ?? '', index: Number(row.getAttribute('data-index')) }))
      .sort((a, b) => a.index - b.index)
      .map((row) => row.symbol),
  );

/** Cells (and header titles) in view whose text is cut: wider than their box, or ending in an ellipsis. */
const cutCells = () =>
  page.locator('.markets table, .orders table, .account table').evaluateAll((tables) =>
    tables.flatMap((table) =>
      [...table.querySelectorAll<HTMLElement>('tbody td, thead .grid__title')]
        .filter((cell) => cell.scrollWidth > cell.clientWidth || (cell.textContent ?? '').trim().endsWith('…'))
        .map((cell) => `${cell.closest('tr')?.getAttribute('data-symbol') ?? 'header'} ${cell.getAttribute('data-column') ?? ''}: ${cell.textContent}`),
    ),
  );

describe('the markets grid and the orders panel at 1440×900', () => {
  it('no price or title of any market is cut short', async () => {
    const seen = new Set<string>();
    const cut = new Set<string>();
    const rowCount = Number(await page.getByRole('table', { name: 'Markets' }).getAttribute('aria-rowcount')) - 1;
    for (let step = 0; step < 12 && seen.size < rowCount; step++) {
      await marketsScroll().evaluate((element, at) => element.scrollTo(0, at * element.clientHeight * 0.8), step);
      await page.waitForTimeout(150);
      for (const symbol of await shownSymbols()) seen.add(symbol);
      for (const cell of await cutCells()) cut.add(cell);
    }
    await marketsScroll().evaluate((element) => element.scrollTo(0, 0));
    expect(seen.size).toBe(rowCount);
    expect(rowCount).toBe(48);
    expect([...cut]).toEqual([]);
  });

  it('a sorted grid under the pointer does not reorder across polls, and says so', async () => {
    await page.getByRole('button', { name: /^24h %/ }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: /^24h %/ }).getAttribute('aria-sort')).toBe('descending');
    const box = (await page.locator('table[aria-label="Markets"] tbody tr[data-index="4"]').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByText('Order paused while you point').waitFor();
    const held = await shownSymbols();
    const mark = () => page.locator(`tr[data-symbol="${held[0]}"] td[data-column="mark_price"]`).innerText();
    for (let poll = 0; poll < 3; poll++) {
      const before = await mark();
      await expect.poll(mark, { timeout: 15_000 }).not.toBe(before);
      expect(await shownSymbols()).toEqual(held);
    }
    await page.mouse.move(5, 5);
    await expect.poll(() => page.getByText('Order paused while you point').count()).toBe(0);
  });

  it('the orders table shows the orders of a sent ticket with its answer, before the next poll of the journal', async () => {
    let gate: () => void = () => {};
    const opened = new Promise<void>((resolve) => (gate = resolve));
    // From here on, the journal's polls get no answer until the test looks.
    const holdJournal = async (route: Route) => {
      await opened;
      await route.continue().catch(() => {});
    };
    await page.route(/\/api\/orders\?/, holdJournal);
    try {
      await page.getByRole('searchbox', { name: 'Search markets' }).fill('ETH');
      await fillOrder(page, 'PERP_ETH_USDC', '0.1');
      await page.getByRole('searchbox', { name: 'Search markets' }).fill('');
      await page.getByRole('button', { name: 'Buy', exact: true }).click();
      await page.getByRole('region', { name: 'Ticket result' }).getByText('1 accepted').waitFor();
      const rows = page.locator('table[aria-label="Placed orders"] tbody tr');
      await page.locator('table[aria-label="Placed orders"] tr[data-status="accepted"]').first().waitFor({ timeout: 1000 });
      expect(await rows.count()).toBeGreaterThanOrEqual(1);
      const text = await page.locator('table[aria-label="Placed orders"] tbody').innerText();
      expect(text, text).toMatch(/PERP_ETH_USDC[\s\S]*placed \d\d:\d\d:\d\d/i);
    } finally {
      gate();
      await page.unroute(/\/api\/orders\?/, holdJournal);
    }
  });

  it('no figure of the orders table is cut: post-only and immediate orders included', async () => {
    const mark = Number(await page.evaluate(async () => {
      const answer = (await (await fetch('/v1/public/futures')).json()) as { data: { rows: { symbol: string; mark_price: number }[] } };
      return answer.data.rows.find((row) => row.symbol === 'PERP_ETH_USDC')!.mark_price;
    }));
    const price = Math.round(mark * 0.95 * 100) / 100;
    const status = await page.evaluate(async (limit) => {
      const orders = [
        { symbol: 'PERP_ETH_USDC', order_type: 'POST_ONLY', side: 'BUY', order_price: limit, order_quantity: 0.1 },
        { symbol: 'PERP_ETH_USDC', order_type: 'MARKET', side: 'BUY', order_quantity: 0.1 },
      ];
      const response = await fetch('/v1/batch-order', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': `cut-test-${Date.now()}` },
        body: JSON.stringify({ orders }),
      });
      return response.status;
    }, price);
    expect(status).toBe(200);
    const table = page.locator('table[aria-label="Placed orders"]');
    await table.locator('tbody').getByText('POST_ONLY', { exact: true }).first().waitFor();
    await table.locator('tbody').getByText('sent (immediate)', { exact: true }).first().waitFor();
    expect(await cutCells()).toEqual([]);
  });

  it('"Download CSV" downloads the journal, placed orders only on the Orders tab', async () => {
    const link = page.getByRole('link', { name: 'Download CSV' });
    expect(await link.getAttribute('href')).toBe('/api/orders.csv?status=accepted');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('orders.csv');
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe(Object.keys(journalOrderSchema.shape).join(','));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.slice(1).every((line) => line.includes(',accepted,'))).toBe(true);
  });

  it('the orders panel says there is no cancel here, and where cancelling is done', async () => {
    await page.getByText(/reports no fills, cancels or positions: cancel or amend orders with the exchange's own tools/).waitFor();
  });
});
