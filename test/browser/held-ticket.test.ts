import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { seriousViolations } from '../helpers/axe';
import { panelsSettled } from '../helpers/browser';
import { terminalForFile } from '../helpers/browserTest';
import { armStopFromTicket } from '../helpers/heldTicket';

let page: Page;

const file = terminalForFile({ TERMINAL_TOKEN: 'held-ticket-test-token-0123456789' });
beforeAll(() => {
  page = file.page;
});

/** GET /api/held-orders as the signed-in page sees it. */
const heldOrders = () =>
  page.evaluate(async () => ((await (await fetch('/api/held-orders')).json()) as { data: { rows: HeldOrder[] } }).data.rows);

describe('a stop armed from the ticket, in Chromium', () => {
  it('chooses Stop, types a trigger and a quantity, confirms, and sees it armed at the proxy', async () => {
    // A SELL stop a fifth below the mark does not fire.
    const { trigger, id: shownId } = await armStopFromTicket(page, '0.8');
    const rows = await heldOrders();
    const armed = rows.find((row) => row.id === shownId);
    expect(armed).toMatchObject({ type: 'STOP_MARKET', state: 'armed', symbol: 'PERP_BTC_USDC', side: 'SELL', order_quantity: 0.01, trigger_price: Number(trigger) });
    expect(rows.filter((row) => row.type === 'STOP_MARKET')).toHaveLength(1);
  });

  it('on a phone (390×844) each held kind fits the ticket sheet, with no sideways scroll and nothing serious for axe', async () => {
    const context = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const phone = await context.newPage();
    try {
      await phone.goto(file.stack.app.loginUrl);
      await phone.locator('tr[data-symbol="PERP_BTC_USDC"]').click();
      await panelsSettled(phone);
      await phone.getByRole('group', { name: /^Trade / }).getByRole('button', { name: 'Sell', exact: true }).click();
      for (const kind of ['Stop', 'Stop limit', 'Take-profit', 'Trailing stop', 'TWAP']) {
        await phone.getByRole('radio', { name: kind, exact: true }).check();
        // Each kind's own field is there and inside the screen.
        const field = phone.getByLabel(kind === 'TWAP' ? /^Duration/ : kind === 'Trailing stop' ? /^Trailing distance/ : /^Trigger price/).first();
        await field.waitFor();
        const box = (await field.boundingBox())!;
        expect(box.x + box.width, kind).toBeLessThanOrEqual(390);
        expect(await phone.evaluate(() => document.documentElement.scrollWidth), kind).toBeLessThanOrEqual(390);
      }
      expect(await seriousViolations(phone)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
