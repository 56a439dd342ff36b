import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { openTerminal, type OpenTerminal } from '../helpers/browserTest';
import { clickMarket } from '../helpers/terminal';

/*
 * A poll reaches the chart's canvas in an animation frame and the markets table through TanStack
 * Query's notifications, which the terminal schedules before the next frame (app/frameScheduler.ts):
 * both are drawn in one frame, not in two that each lay out, paint and composite the page.
 */
let app: RunningApp;
let terminal: OpenTerminal;
let page: Page;

beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'poll-frame-browser-token-0123456789' } });
  terminal = await openTerminal(app);
  page = terminal.page;
});

afterAll(async () => {
  await terminal?.close();
  await app?.stop();
});

/**
 * Per animation frame, the chart's mark label and the markets row's mark as that frame drew them:
 * read in a task posted from the frame's first callback, which runs once the frame is rendered.
 */
const watchFrames = (symbol: string) =>
  page.evaluate((watched) => {
    const seen: { frame: number; chart: string; markets: string }[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<number>) => {
      const chart = document.querySelector('[data-testid="chart-last-price"]')?.textContent ?? '';
      const markets = document.querySelector(`tr[data-symbol="${watched}"] td[data-column="mark_price"]`)?.textContent ?? '';
      const last = seen.at(-1);
      if (!last || last.chart !== chart || last.markets !== markets) seen.push({ frame: event.data, chart, markets });
    };
    let frame = 0;
    const tick = () => {
      frame += 1;
      channel.port2.postMessage(frame);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    Object.assign(window, { __pollFrames: seen });
  }, symbol);

const framesSeen = () =>
  page.evaluate(() => (window as unknown as { __pollFrames: { frame: number; chart: string; markets: string }[] }).__pollFrames.slice());

describe('a poll on screen', () => {
  it('moves the markets row and the chart of its market in the same frame', async () => {
    await clickMarket(page, 'PERP_BTC_USDC');
    await page.getByTestId('chart-last-price').waitFor();
    await watchFrames('PERP_BTC_USDC');
    // Six polls that moved both (the first entry is the state when watching began).
    await page.waitForFunction(
      () => {
        const seen = (window as unknown as { __pollFrames: { chart: string; markets: string }[] }).__pollFrames;
        return seen.length >= 7;
      },
      undefined,
      { timeout: 30_000 },
    );
    const seen = await framesSeen();
    const changes = seen.slice(1).map((entry, index) => ({
      frame: entry.frame,
      chartMoved: entry.chart !== seen[index]!.chart,
      marketsMoved: entry.markets !== seen[index]!.markets,
    }));
    // A frame in which only one of the two moved, and another within three frames in which the
    // other did (polls are a second apart), is one poll drawn in two frames.
    const split = changes.filter(
      (change, index) => change.chartMoved !== change.marketsMoved && (changes[index + 1]?.frame ?? Infinity) <= change.frame + 3,
    );
    expect(changes.filter((change) => change.chartMoved && change.marketsMoved).length, JSON.stringify(seen)).toBeGreaterThanOrEqual(3);
    expect(split, JSON.stringify(seen)).toEqual([]);
  });
});
