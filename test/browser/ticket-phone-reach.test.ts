import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { launchChromium, panelsSettled } from '../helpers/browser';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'ticket-phone-reach-token-0123456789' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The terminal at this size on a touch screen, BTC chosen, its ticket in view: the sheet on a phone, the dock's panel otherwise. */
async function ticketAt(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(app.loginUrl);
  await page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="symbol"]').tap();
  await panelsSettled(page);
  if (width < 768) await page.getByRole('group', { name: 'Trade PERP_BTC_USDC' }).getByRole('button', { name: 'Buy' }).tap();
  await page.getByRole('region', { name: 'Order ticket' }).waitFor();
  return page;
}

/** One order, sized: the send button is live. */
async function single(page: Page): Promise<void> {
  await page.getByLabel('Quantity (BTC)').fill('0.002');
}

/** Ten BTC buys laddered under the mark. */
async function ladder(page: Page): Promise<void> {
  const mark = Number(await page.getByLabel('Price (USDC)').inputValue());
  await page.getByRole('radio', { name: 'Ladder' }).check();
  await page.getByLabel('From price').fill((Math.floor(mark * 0.99 * 10) / 10).toFixed(1));
  await page.getByLabel('To price').fill((Math.floor(mark * 0.97 * 10) / 10).toFixed(1));
  await page.getByLabel('Number of orders').fill('10');
  await page.getByLabel('Total quantity (BTC)').fill('0.01');
  await page.getByRole('button', { name: 'Add 10 orders to the ticket' }).click();
  await page.getByRole('button', { name: 'Send 10 orders' }).waitFor();
}

/** A buy and a sell in each of three markets, pasted: the send bar lists six legs, its tallest here. */
async function threeMarkets(page: Page): Promise<void> {
  const marks = await page.evaluate(async () => {
    const answer = (await (await fetch('/v1/public/futures')).json()) as { data: { rows: { symbol: string; mark_price: number }[] } };
    return Object.fromEntries(answer.data.rows.map((row) => [row.symbol, row.mark_price]));
  });
  const lines = ['symbol\tside\torder_type\torder_price\torder_quantity'];
  for (const symbol of ['PERP_ETH_USDC', 'PERP_SOL_USDC', 'PERP_BTC_USDC']) {
    const mark = marks[symbol]!;
    // Five figures fit every market's tick; about 200 USDC each.
    const price = (factor: number) => Number((mark * factor).toPrecision(5));
    const quantity = (200 / mark).toPrecision(2);
    lines.push(`${symbol}\tBUY\tLIMIT\t${price(0.98)}\t${quantity}`, `${symbol}\tSELL\tLIMIT\t${price(1.02)}\t${quantity}`);
  }
  await page.getByRole('radio', { name: 'Paste' }).check();
  await page.getByLabel(/Paste lines/).fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Add pasted orders' }).click();
  await page.getByRole('radio', { name: 'Order' }).check();
  expect(await page.locator('.submit__leg').count()).toBe(6);
}

interface Stop {
  name: string;
  box: string;
  bar: string;
  /** What the screen shows at the control's centre, when not the control. */
  hit: string;
  onScreen: boolean;
  reachable: boolean;
  ring: boolean;
}

/**
 * Tabs from the top of the ticket through every control in it, and says of each where it was once
 * focused: on the screen, what is drawn at its centre (itself, or what covers it), its focus ring.
 */
async function tabThrough(page: Page): Promise<Stop[]> {
  // The pointer off the ticket: a row under it shows its buttons (:hover), which moves the rows under it as they scroll.
  await page.mouse.move(1, 1);
  await page.locator('.ticket').evaluate((ticket) => {
    ticket.scrollTop = 0;
    ticket.querySelector<HTMLElement>('select, input, button')!.focus();
  });
  // Back out and in again: the focus then comes from the keyboard, as a trader's does.
  await page.keyboard.press('Shift+Tab');
  const stops: Stop[] = [];
  for (let step = 0; step < 100; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((): Stop | null => {
      const element = document.activeElement as HTMLElement | null;
      if (!element?.closest('.ticket')) return null;
      const rect = element.getBoundingClientRect();
      const bar = document.querySelector('.ticket .submit')!.getBoundingClientRect();
      const hit = document.elementFromPoint((rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2);
      const ringed = (box: Element | null) => box !== null && getComputedStyle(box).outlineStyle !== 'none' && parseFloat(getComputedStyle(box).outlineWidth) > 0;
      const labels = (element as Partial<HTMLInputElement>).labels;
      const label = element.getAttribute('aria-label') ?? labels?.[0]?.textContent ?? element.textContent ?? '';
      const span = (box: DOMRect) => `${box.top.toFixed(1)}–${box.bottom.toFixed(1)}`;
      return {
        name: `${element.tagName.toLowerCase()} "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}"`,
        box: span(rect),
        bar: span(bar),
        hit: hit && !element.contains(hit) ? `${hit.tagName.toLowerCase()}.${hit.className}` : '',
        onScreen: rect.top >= 0 && rect.left >= 0 && rect.bottom <= innerHeight && rect.right <= innerWidth,
        reachable: hit !== null && element.contains(hit),
        ring: ringed(element) || ringed(element.closest('.segmented__option')),
      };
    });
    if (!stop) break;
    stops.push(stop);
  }
  return stops;
}

const covered = (stops: Stop[]) => stops.filter((stop) => !stop.onScreen || !stop.reachable).map((stop) => `${stop.name} at ${stop.box} (bar ${stop.bar}): ${stop.hit || 'off the screen'}`);

const CASES = [
  { name: 'a single order', fill: single, send: 'Buy', rows: 1 },
  { name: 'a 10-order ladder', fill: ladder, send: 'Send 10 orders', rows: 10 },
  { name: 'a batch over three markets', fill: threeMarkets, send: undefined, rows: 6 },
] as const;

for (const [width, height] of [
  [390, 844],
  [844, 390],
] as const) {
  describe(`the ticket at ${width}×${height}${width < 768 ? ' (the phone sheet)' : ' (a phone on its side)'}: every control in reach of the keyboard`, () => {
    for (const { name, fill, send, rows } of CASES) {
      it(`${name}: each control Tab reaches is on the screen, not under the send bar, with its focus ring`, async () => {
        const page = await ticketAt(width, height);
        try {
          await fill(page);
          const stops = await tabThrough(page);
          const names = stops.map((stop) => stop.name);
          // The walk went through the whole ticket: the fields, the duration under them, every row, the send bar.
          expect(names).toEqual(expect.arrayContaining(['select "Account"', 'input "Price (USDC)"', 'select "Duration"', 'summary "Ticket settings"']));
          expect(names.filter((stop) => stop.startsWith('button "Edit order'))).toHaveLength(rows);
          if (send) expect(names).toContain(`button "${send}"`);
          expect(covered(stops)).toEqual([]);
          expect(stops.filter((stop) => !stop.ring).map((stop) => stop.name)).toEqual([]);
        } finally {
          await page.context().close();
        }
      });
    }
  });
}
