import Big from 'big.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { seriousViolations } from '../helpers/axe';
import { terminalForFile } from '../helpers/browserTest';
import { armStopFromTicket } from '../helpers/heldTicket';
import { inLayoutMenu } from '../helpers/terminal';

/*
 * The whole journey of a held order in Chromium against the real proxy and embedded service: armed
 * from the ticket, seen as a line on the chart, dragged (with its confirmation) to a new trigger,
 * seen moved in the Held orders panel, cancelled there. Each step reads the proxy's own answer.
 */
let page: Page;
const file = terminalForFile({ TERMINAL_TOKEN: 'held-journey-token-0123456789abcdef' });
beforeAll(() => {
  page = file.page;
});

const heldOrder = (id: string) =>
  page.evaluate(async (held) => ((await (await fetch(`/api/held-orders/${held}`)).json()) as { data: HeldOrder }).data, id);

describe('a stop from the ticket to the chart to the panel', () => {
  it('arms a stop in the ticket, moves its line on the chart, sees the change in the panel and cancels it there', async () => {
    // A SELL stop a little under the mark, not crossed. The sim's quiet hour spans less than that
    // on the chart, so its handle waits at the pane's edge: moved by the keys, as the chart allows
    // there (a drag would price pixels nobody sees; chart-held drags one on the pane).
    const { trigger, id } = await armStopFromTicket(page, '0.997');
    expect(await heldOrder(id)).toMatchObject({ state: 'armed', type: 'STOP_MARKET', trigger_price: Number(trigger) });

    // Its line on the chart, moved three ticks down; nothing changes before the confirmation.
    const handle = page.locator(`button[data-held-id="${id}"]`);
    await handle.waitFor({ timeout: 10_000 });
    await handle.focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
    const moved = new Big(trigger).minus('0.3').toString();
    await expect.poll(() => handle.getAttribute('data-price')).toBe(moved);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').locator('button[data-autofocus]');
    await confirm.waitFor();
    expect(await page.getByRole('dialog').innerText()).toMatch(/→/);
    expect((await heldOrder(id)).trigger_price).toBe(Number(trigger));
    await confirm.click();
    await expect.poll(async () => (await heldOrder(id)).trigger_price).toBe(Number(moved));

    // The panel shows the new trigger; cancelled there, the line goes.
    await inLayoutMenu(page, () => page.getByRole('checkbox', { name: 'Held orders' }).check());
    const row = page.getByRole('region', { name: 'Held orders' }).locator(`tr[data-held-id="${id}"]`);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('armed');
    const shownTrigger = (await row.locator('td[data-column="trigger"]').innerText()).replace(/,/g, '');
    expect(Number(shownTrigger)).toBe(Number(moved));
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => (await heldOrder(id)).state, { timeout: 10_000 }).toBe('cancelled');
    await expect.poll(() => row.getAttribute('data-state')).toBe('cancelled');
    await expect.poll(() => handle.count()).toBe(0);
  });
});
