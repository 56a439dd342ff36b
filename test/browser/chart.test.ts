import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tapeCandlesResponseSchema } from '@/interface';
import { startApp, type RunningApp } from '../helpers/app';
import { openTerminal, type OpenTerminal } from '../helpers/browserTest';
import { clickMarket, fillOrder } from '../helpers/terminal';
import { seriousViolations } from '../helpers/axe';

/*
 * The chart against the real proxy and the real embedded service: candles from the proxy's tape,
 * a price line for an order the service took, and a click on the chart that prices the ticket.
 */
let app: RunningApp;
let terminal: OpenTerminal;
let page: Page;

beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'chart-browser-token-0123456789' } });
  terminal = await openTerminal(app);
  page = terminal.page;
});

afterAll(async () => {
  await terminal?.close();
  await app?.stop();
});

const canvas = () => page.getByTestId('chart-canvas');

const price = () => page.getByLabel('Price (USDC)');

/**
 * From now on, each frame in which a chart canvas is drawn on (the library saves the context per
 * layer, and so does the terminal's tail), kept as `window[name]`: any canvas, the tail's, the library's.
 */
const countChartPaints = (name: string) =>
  page.evaluate((key) => {
    const painted = { all: new Set<number>(), tail: new Set<number>(), library: new Set<number>() };
    let frame = 0;
    const tick = () => {
      frame += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const save = CanvasRenderingContext2D.prototype.save;
    CanvasRenderingContext2D.prototype.save = function (this: CanvasRenderingContext2D) {
      if (this.canvas instanceof HTMLCanvasElement && this.canvas.closest('.chart')) {
        painted.all.add(frame);
        painted[this.canvas.classList.contains('chart__tail') ? 'tail' : 'library'].add(frame);
      }
      save.call(this);
    };
    Object.assign(window, { [key]: painted });
  }, name);
type Painted = Record<'all' | 'tail' | 'library', Set<number>>;
const chartPaints = (name: string, canvases: keyof Painted = 'all') =>
  page.evaluate(([key, which]) => (window as unknown as Record<string, Painted>)[key]![which].size, [name, canvases] as const);

describe('the chart', () => {
  it('shows the candles of the picked market from the tape', async () => {
    const answered = page.waitForResponse((response) => response.url().includes('/api/tape/candles?') && response.url().includes('PERP_ETH_USDC'));
    // BTC is charted from the start: another market is picked, and its candles come from the tape.
    await clickMarket(page, 'PERP_ETH_USDC');
    const answer = tapeCandlesResponseSchema.parse(await (await answered).json());
    // The embedded service backfills its past on a first start: a newcomer sees candles at once.
    expect(answer.data.rows.length).toBeGreaterThan(0);
    await page.getByRole('region', { name: 'Chart' }).locator('canvas').first().waitFor();
    await expect.poll(() => canvas().getAttribute('aria-label')).toMatch(/^Price chart of PERP_ETH_USDC, 1m candles, last close \d[\d,]*\.\d/);
    const close = page.getByLabel('Values under the crosshair').getByText('C', { exact: true });
    await expect.poll(() => close.locator('xpath=following-sibling::dd').innerText()).toMatch(/^\d[\d,]*\.\d+$/);
  });

  it('draws a line at the price of an order the service took', async () => {
    await fillOrder(page, 'PERP_BTC_USDC', '0.001');
    const mark = Number((await price().inputValue()).replace(/,/g, ''));
    const below = (Math.round(mark * 0.99 * 10) / 10).toFixed(1);
    await price().fill(below);
    await expect.poll(() => canvas().getAttribute('data-price-lines')).toContain(`draft:BUY:${Number(below)}`);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    const dialog = page.getByRole('dialog');
    if (await dialog.isVisible()) await page.keyboard.press('Enter');
    await expect.poll(() => canvas().getAttribute('data-price-lines'), { timeout: 15_000 }).toContain(`order:BUY:${Number(below)}`);
  });

  it('a plain click, a drag or a scroll on the chart leaves a sized order as it was', async () => {
    await fillOrder(page, 'PERP_BTC_USDC', '0.002');
    const quantity = page.getByLabel('Quantity (BTC)');
    const before = { price: await price().inputValue(), quantity: await quantity.inputValue() };
    const box = (await canvas().boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.3);
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4, { steps: 8 });
    await page.mouse.up();
    await page.mouse.wheel(0, 200);
    // Whatever the chart would do with them, it has had time to.
    await page.waitForTimeout(500);
    expect({ price: await price().inputValue(), quantity: await quantity.inputValue() }).toEqual(before);
  });

  it('"+" on the price scale, then "Buy limit at …", puts that price, on the tick, in the ticket', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    const box = (await canvas().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3);
    await page.getByRole('button', { name: /^Order at [\d,]+\.\d$/ }).click();
    const buy = page.getByRole('menuitem', { name: /^Buy limit at / });
    await expect.poll(() => buy.evaluate((item) => item === document.activeElement)).toBe(true);
    const shown = (await buy.innerText()).replace(/^Buy limit at /, '').replace(/,/g, '');
    expect(shown).toMatch(/^\d+\.\d$/);
    await buy.click();
    await expect.poll(() => price().inputValue().then((value) => value.replace(/,/g, ''))).toBe(shown);
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  });

  it('the same menu opens from the keyboard and with a right click, and Escape closes it', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    const plus = page.getByRole('button', { name: /^Order at / });
    await plus.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: /^Buy limit at / }).waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Sell limit at /);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await expect.poll(() => plus.evaluate((button) => button === document.activeElement)).toBe(true);
    const box = (await canvas().boundingBox())!;
    await page.mouse.click(box.x + box.width / 3, box.y + box.height * 0.35, { button: 'right' });
    const sell = page.getByRole('menuitem', { name: /^Sell limit at / });
    await sell.waitFor();
    const shown = (await sell.innerText()).replace(/^Sell limit at /, '').replace(/,/g, '');
    await sell.click();
    await expect.poll(() => price().inputValue().then((value) => value.replace(/,/g, ''))).toBe(shown);
    expect(await page.getByRole('radio', { name: 'Sell / Short' }).isChecked()).toBe(true);
  });

  it('on a phone the menu stays on the screen, and the chart with it open has no serious axe finding', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Chart' }).click();
      await canvas().waitFor();
      // The chart takes its new box's size (it is sized at most every 100 ms while the box keeps changing).
      const sizes = () =>
        canvas().evaluate((box) => {
          const drawn = box.querySelector('.tv-lightweight-charts')?.getBoundingClientRect();
          return { box: Math.floor(box.getBoundingClientRect().width), drawn: Math.floor(drawn?.width ?? -1) };
        });
      // The library rounds its size down to an even number of pixels.
      await expect.poll(async () => { const { box, drawn } = await sizes(); return box > 0 && box - drawn >= 0 && box - drawn <= 1; }).toBe(true);
      const plus = page.getByRole('button', { name: /^Order at / });
      await plus.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      const onScreen = async () => {
        await menu.waitFor();
        const box = (await menu.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      };
      await onScreen();
      expect(await seriousViolations(page, '.chart')).toEqual([]);
      await page.keyboard.press('Escape');
      // A long press (a right click here) near the price scale: the menu opens leftwards of it.
      const chart = (await canvas().boundingBox())!;
      await page.mouse.click(chart.x + chart.width * 0.8, chart.y + chart.height * 0.3, { button: 'right' });
      await onScreen();
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('writes the last price on the price scale as the legend’s close, and draws nothing while the tab is hidden', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    await page.mouse.move(1, 1);
    const label = page.getByTestId('chart-last-price');
    const close = page.getByLabel('Values under the crosshair').getByText('C', { exact: true }).locator('xpath=following-sibling::dd');
    await expect.poll(async () => (await label.textContent()) === (await close.innerText())).toBe(true);
    await expect.poll(() => label.getAttribute('data-tone')).toMatch(/^(up|down)$/);
    // On the price scale: its right edge is the chart's, inside the price pane.
    const [box, stage] = [await label.boundingBox(), await canvas().boundingBox()];
    expect(Math.abs(box!.x + box!.width - (stage!.x + stage!.width))).toBeLessThanOrEqual(1);
    expect(box!.y).toBeGreaterThanOrEqual(stage!.y);
    // Hidden (another browser tab): polls go on, the chart draws nothing; shown again, it catches up.
    await countChartPaints('hiddenPaints');
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    try {
      await page.waitForTimeout(300);
      await page.evaluate(() => Object.values((window as unknown as { hiddenPaints: Record<string, Set<number>> }).hiddenPaints).forEach((frames) => frames.clear()));
      const polled = page.waitForResponse((response) => response.url().includes('/v1/public/futures'));
      await polled;
      await page.waitForTimeout(2500);
      // Nothing at all: not a poll's move, nor a candle that ends meanwhile (drawn when shown).
      expect(await chartPaints('hiddenPaints')).toBe(0);
    } finally {
      await setHidden(false);
    }
    await expect.poll(() => chartPaints('hiddenPaints')).toBeGreaterThan(0);
  });

  it('zoomed out, reaches back past the slots the library first held (HistoryWindow)', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    const legend = page.getByLabel('Values under the crosshair');
    const stage = (await canvas().boundingBox())!;
    const y = stage.y + stage.height * 0.3;
    const legendAt = async (x: number) => {
      await page.mouse.move(x, y);
      return legend.innerText();
    };
    // Out to the library's narrowest bars: several hundred minutes across, more than it held at first.
    await page.mouse.move(stage.x + stage.width / 2, y);
    for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
    // The leftmost slot on screen is a candle of the past: it holds still while polls come, and it is
    // not the live one (hovering past the data held would show the live candle, which moves).
    const far = await legendAt(stage.x + 8);
    expect(far).toMatch(/C\s+\d[\d,]*\.\d+/);
    for (let i = 0; i < 3; i++) await page.waitForResponse((response) => response.url().includes('/v1/public/futures'));
    expect(await legendAt(stage.x + 8)).toBe(far);
    await page.mouse.move(1, 1);
    expect(await legend.innerText()).not.toBe(far);
    // Back to the default zoom, for the tests after this one.
    await page.mouse.dblclick(stage.x + stage.width / 2, stage.y + stage.height - 5);
  });

  it('paints at most once per poll of the markets, keeps moving with them, and a poll moves the terminal’s live slot, not the library’s panes', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    await page.mouse.move(1, 1);
    await countChartPaints('chartPaints');
    let polls = 0;
    const count = (response: { url(): string }) => {
      if (response.url().includes('/v1/public/futures')) polls += 1;
    };
    page.on('response', count);
    await page.waitForTimeout(6000);
    page.off('response', count);
    const painted = await chartPaints('chartPaints');
    expect(polls).toBeGreaterThan(5);
    // Live: the candle, funding and open interest move with the polls (a poll that moves none of
    // them paints nothing); and no more frames than polls (one more for the edges of the window).
    expect(painted).toBeGreaterThanOrEqual(polls / 2);
    expect(painted).toBeLessThanOrEqual(polls + 1);
    // Those frames are the terminal's tail (the live slot): the library's panes are drawn again only
    // when a candle ends or a live value leaves their ranges.
    const frames = { tail: await chartPaints('chartPaints', 'tail'), library: await chartPaints('chartPaints', 'library') };
    expect(frames.tail).toBeGreaterThanOrEqual(polls / 2);
    expect(frames.library).toBeLessThan(frames.tail / 2);
    // The live candle: its colour (the mark label's tone), at the right edge of the price pane.
    const candle = await liveCandle();
    expect(candle.right).toBeGreaterThan(candle.width - 20);
    expect(candle.right).toBeLessThan(candle.width);
  });

  it('follows the market across the end of a candle: the new live candle is drawn at the right edge', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    await page.mouse.move(1, 1);
    await expect.poll(async () => (await liveCandle()).right, { timeout: 5000 }).toBeGreaterThan(0);
    const before = await liveCandle();
    // Past the next minute's start, and a few polls into it (a candle just opened may be one pixel, on its price line).
    await page.waitForTimeout(60_000 - (Date.now() % 60_000) + 5000);
    const after = await liveCandle();
    expect(after.right).toBeGreaterThan(after.width - 20);
    expect(after.right).toBeLessThan(after.width);
    expect(Math.abs(after.right - before.right)).toBeLessThanOrEqual(2);
  }, 90_000);
});

/**
 * Where the live candle is on the tail's canvas: the rightmost column holding a pixel of its colour
 * (the mark label's tone) off the row of the dashed price line, which crosses the whole pane.
 */
const liveCandle = () =>
  page.evaluate(() => {
    const tail = document.querySelector<HTMLCanvasElement>('canvas.chart__tail')!;
    const label = document.querySelector<HTMLElement>('[data-testid="chart-last-price"]')!;
    const colour = getComputedStyle(label).backgroundColor.match(/\d+/g)!.map(Number);
    const { data, width, height } = tail.getContext('2d')!.getImageData(0, 0, tail.width, tail.height);
    const isColour = (x: number, y: number) => {
      const at = (y * width + x) * 4;
      return data[at + 3] === 255 && data[at] === colour[0] && data[at + 1] === colour[1] && data[at + 2] === colour[2];
    };
    const perRow = Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => isColour(x, y)).filter(Boolean).length);
    const lineRow = perRow.indexOf(Math.max(...perRow));
    let right = -1;
    for (let y = 0; y < height; y++) {
      if (y === lineRow) continue;
      for (let x = width - 1; x > right; x--) if (isColour(x, y)) right = x;
    }
    return { right, width };
  });
