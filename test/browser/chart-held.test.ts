import Big from 'big.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { startApp, type RunningApp } from '../helpers/app';
import { openTerminal, type OpenTerminal } from '../helpers/browserTest';
import { clickMarket } from '../helpers/terminal';

/*
 * Held orders on the chart against the real proxy and the real embedded service: a stop armed
 * through the API shows as a labelled line, a drag (or the arrow keys) and a confirmation move its
 * trigger in the proxy's journal, and a fired one leaves a marker.
 */
let app: RunningApp;
let terminal: OpenTerminal;
let page: Page;
const BTC = 'PERP_BTC_USDC';

beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'chart-held-browser-token-0123456789' } });
  terminal = await openTerminal(app);
  page = terminal.page;
});

afterAll(async () => {
  await terminal?.close();
  await app?.stop();
});

const canvas = () => page.getByTestId('chart-canvas');

/** BTC's mark now, from the service's own feed (as the terminal reads it). */
const markOf = () =>
  page.evaluate(async (symbol) => {
    const answer = (await (await fetch('/v1/public/futures')).json()) as { data: { rows: { symbol: string; mark_price: number }[] } };
    return answer.data.rows.find((row) => row.symbol === symbol)!.mark_price;
  }, BTC);

/** Arms a held order through the API, in the page (its session), as a bot would. */
async function arm(order: Record<string, unknown>): Promise<HeldOrder> {
  return page.evaluate(async (body) => {
    const response = await fetch('/api/held-orders', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': `chart-held-${crypto.randomUUID()}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { data?: HeldOrder; message?: string };
    if (!answer.data) throw new Error(`not armed: ${response.status} ${answer.message}`);
    return answer.data;
  }, { symbol: BTC, ...order });
}

const heldOrder = (id: string) =>
  page.evaluate(async (held) => ((await (await fetch(`/api/held-orders/${held}`)).json()) as { data: HeldOrder }).data, id);

/** A SELL stop's trigger on the pane and below the mark (a SELL stop at or above the mark fires at once). */
async function stopBelowMark(): Promise<string> {
  await clickMarket(page, BTC);
  const box = (await canvas().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.6);
  const plus = await page.getByRole('button', { name: /^Order at [\d,]+\.\d$/ }).getAttribute('aria-label');
  await page.mouse.move(1, 1);
  const onPane = new Big(plus!.replace(/^Order at /, '').replace(/,/g, ''));
  const below = new Big(await markOf()).times(0.998);
  return (onPane.lt(below) ? onPane : below).round(1, Big.roundDown).toFixed(1);
}

/**
 * A held order's handle on the chart, by the id it exposes for tests (its words are the catalogue's:
 * the component test reads them), checked to be a button named as its visible label.
 */
async function handleOf(id: string) {
  const handle = page.locator(`button[data-held-id="${id}"]`);
  await handle.waitFor();
  const label = await handle.innerText();
  expect(await page.getByRole('button', { name: label, exact: true }).count()).toBeGreaterThan(0);
  return handle;
}

/** The confirmation's "Move trigger" (the button it gives the focus to). */
const confirmButton = () => page.getByRole('dialog').locator('button[data-autofocus]');

describe('held orders on the chart', () => {
  it('a stop armed through the API shows as a line; dragging it and confirming moves its trigger in the proxy', async () => {
    const trigger = await stopBelowMark();
    const order = await arm({ type: 'STOP_MARKET', side: 'SELL', order_quantity: 0.001, trigger_price: Number(trigger) });
    const handle = await handleOf(order.id);
    expect(await handle.getAttribute('data-kind')).toBe('stop');
    await expect.poll(() => canvas().getAttribute('data-held-lines')).toContain(`stop:trigger:SELL:${Number(trigger)}:solid`);

    for (let attempt = 1; ; attempt++) {
      const box = (await handle.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 40, { steps: 8 });
      await page.mouse.up();
      if (await confirmButton().waitFor({ timeout: 3000 }).then(() => true, () => false)) break;
      // A poll rescaled the pane between reading the handle's place and pressing there: the press
      // missed the handle, and nothing moved (a drag never moves an order without its question).
      expect(await handle.getAttribute('data-price')).toBe(String(Number(trigger)));
      expect(attempt).toBeLessThan(3);
    }
    // The line waits where it was dragged to, on the tick; nothing is sent before the confirmation.
    const moved = (await handle.getAttribute('data-price'))!;
    expect(moved).toMatch(/^\d+(\.\d)?$/);
    expect(new Big(moved).lt(trigger)).toBe(true);
    expect(await canvas().getAttribute('data-held-lines')).toContain(`stop:trigger:SELL:${moved}:solid`);
    expect((await heldOrder(order.id)).trigger_price).toBe(Number(trigger));
    await confirmButton().click();
    await expect.poll(async () => (await heldOrder(order.id)).trigger_price).toBe(Number(moved));
    await expect.poll(() => handle.getAttribute('data-price')).toBe(moved);
  });

  it('the keyboard moves it a tick at a time; Escape puts it back; Enter asks, and Enter again, once the question has settled, confirms', async () => {
    const trigger = await stopBelowMark();
    const order = await arm({ type: 'STOP_MARKET', side: 'SELL', order_quantity: 0.002, trigger_price: Number(trigger) });
    const handle = await handleOf(order.id);
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => handle.getAttribute('data-price')).toBe(new Big(trigger).plus('0.1').toString());
    await page.keyboard.press('Escape');
    await expect.poll(() => handle.getAttribute('data-price')).toBe(String(Number(trigger)));
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
    const moved = new Big(trigger).minus('0.3').toString();
    await page.keyboard.press('Enter');
    await confirmButton().waitFor();
    await expect.poll(() => confirmButton().evaluate((button) => button === document.activeElement)).toBe(true);
    // Opened by Enter, the question takes no Enter for half a second: a double press is not a reading.
    await page.keyboard.press('Enter');
    expect((await heldOrder(order.id)).trigger_price).toBe(Number(trigger));
    await expect.poll(() => confirmButton().getAttribute('data-settling')).toBeNull();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await heldOrder(order.id)).trigger_price).toBe(Number(moved));
    // The focus is back on the handle, which now sits at the new trigger.
    await expect.poll(() => handle.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => handle.getAttribute('data-price')).toBe(moved);
  });

  it('a fired stop leaves a marker at its fired mark; on a phone the handles fit without sideways scroll', async () => {
    // A SELL stop above the mark fires on the proxy's next fresh poll.
    const above = new Big(await markOf()).times(1.01).round(1).toFixed(1);
    const order = await arm({ type: 'STOP_MARKET', side: 'SELL', order_quantity: 0.001, trigger_price: Number(above) });
    await expect.poll(async () => (await heldOrder(order.id)).state, { timeout: 15_000 }).toBe('fired');
    const fired = await heldOrder(order.id);
    await expect.poll(() => canvas().getAttribute('data-held-markers'), { timeout: 15_000 }).toContain(`stop:SELL:${fired.fired_mark}@`);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Chart' }).click();
      await page.locator('button[data-held-id]').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
