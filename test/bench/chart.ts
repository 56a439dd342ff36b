/**
 * The chart's live update: what it costs the main thread per markets poll. The real app (1000
 * instruments, quotes every 250 ms, the tape filled with the simulator's past as `npm start` fills
 * it) runs with the chart of the ticket's market on screen, a day of minutes in it, while a CPU
 * profile is taken; the self time of the chart's own code and the chart library (their chunks) is
 * divided by the polls seen in that time.
 *
 * Beside it, the library's floor: a bare lightweight-charts page (pages/chartFloor.ts) with the
 * same panes, a day of minutes and the same size, updated every 250 ms, profiled the same way. The
 * two alternate, so a drift of the machine lands on both. Canvas rasterising happens off the main
 * thread's JS and is in neither figure; the whole-page figures of the page section include it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildMarketsPages, startMarketsServer } from './marketsPages';
import { progress } from './progress';
import { startTickingPage } from './realApp';
import { median, sleep } from './stats';
import { Figures, ratioAtMost } from './table';

export interface ChartBenchOptions {
  profileMs: number;
  /** Profiles of each page, alternated. */
  rounds: number;
}

interface Profile {
  nodes: { id: number; callFrame: { url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) of the profile's samples whose function comes from a script matching `chunk`. */
function selfTimeIn(profile: Profile, chunk: RegExp): number {
  const inChunk = new Set(profile.nodes.filter((node) => chunk.test(node.callFrame.url)).map((node) => node.id));
  let micros = 0;
  // A sample's time is the delta to the next one.
  for (let i = 0; i < profile.samples.length - 1; i++) {
    if (inChunk.has(profile.samples[i]!)) micros += profile.timeDeltas[i + 1] ?? 0;
  }
  return micros / 1000;
}

/** JS self time in `chunk` per update over `ms`, updates counted by `count`. */
async function profiled(context: BrowserContext, page: Page, ms: number, chunk: RegExp, count: () => Promise<number>) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const before = await count();
  await sleep(ms);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const updates = (await count()) - before;
  await cdp.detach();
  const selfMs = selfTimeIn(profile, chunk);
  return { selfMs, updates, perUpdate: updates > 0 ? selfMs / updates : Number.NaN };
}

/** The terminal with BTC's chart on screen, its day of minutes drawn; returns the chart's size. */
async function openTerminalChart(browser: Browser, distDir: string) {
  const opened = await startTickingPage(browser, distDir, undefined, true);
  const { app, page } = opened;
  let polls = 0;
  page.on('requestfinished', (request) => {
    if (request.url().includes('/v1/public/futures')) polls += 1;
  });
  // The backfill writes one instrument per turn: BTC's day is on the tape before the chart reads it.
  const now = Date.now();
  const day = `${app.url.replace(/\/$/, '')}/api/tape/candles?symbol=PERP_BTC_USDC&resolution=1m&from=${now - 86_400_000}&to=${now}`;
  for (let tries = 0; ; tries++) {
    const answer = await opened.context.request.get(day, { headers: { origin: new URL(app.url).origin } });
    const rows = answer.ok() ? ((await answer.json()) as { data: { rows: unknown[] } }).data.rows.length : 0;
    if (rows >= 1000) break;
    if (tries > 100) throw new Error(`chart bench: the tape has ${rows} minutes of BTC after backfilling`);
    await sleep(200);
  }
  await page.goto(app.url);
  await page.locator('tr[data-symbol="PERP_BTC_USDC"]').click();
  await page.locator('.chart [role="img"] canvas').first().waitFor({ timeout: 30_000 });
  const box = await page.locator('.chart [role="img"]').boundingBox();
  if (!box) throw new Error('chart bench: the chart has no size');
  await sleep(2000);
  return { ...opened, polls: () => Promise.resolve(polls), width: Math.round(box.width), height: Math.round(box.height) };
}

export async function benchChart(browser: Browser, distDir: string, options: ChartBenchOptions) {
  const figures = new Figures('chart');
  const terminal = await openTerminalChart(browser, distDir);
  const pagesDir = mkdtempSync(join(tmpdir(), 'perp-bench-chart-floor-'));
  let server: Awaited<ReturnType<typeof startMarketsServer>> | undefined;
  let floorContext: BrowserContext | undefined;
  try {
    await buildMarketsPages(pagesDir, ['chartFloor']);
    server = await startMarketsServer(pagesDir, 10);
    floorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const floorPage = await floorContext.newPage();
    await floorPage.goto(`${server.url}/chartFloor.html?width=${terminal.width}&height=${terminal.height}`);
    await floorPage.locator('#chart canvas').first().waitFor();
    await sleep(2000);
    const floorUpdates = () => floorPage.evaluate(() => (window as unknown as { chartUpdates: { count: number } }).chartUpdates.count);

    const ours: number[] = [];
    const floor: number[] = [];
    let polls = 0;
    for (let round = 0; round < options.rounds; round++) {
      const run = await profiled(terminal.context, terminal.page, options.profileMs, /\/assets\/(CandleChart|ChartPanel)-/, terminal.polls);
      ours.push(run.perUpdate);
      polls += run.updates;
      const bare = await profiled(floorContext, floorPage, options.profileMs, /\/assets\/chartFloor-/, floorUpdates);
      floor.push(bare.perUpdate);
      progress(`chart: terminal ${run.perUpdate.toFixed(2)} ms/poll over ${run.updates} polls, bare library ${bare.perUpdate.toFixed(2)} ms/update over ${bare.updates}`);
    }
    // The target is on the floor measured beside it: ≤ 1 ms absolute was below the library's own cost here.
    const library = { value: median(floor), name: 'the library alone: bare lightweight-charts, same panes, day and size, JS per update' };
    const name = `chart live update, main-thread JS per poll (chart code + library; a day of 1m, ${terminal.width}×${terminal.height})`;
    figures.add(name, median(ours), 'ms', ratioAtMost(0.6, '≤ 0.6× the library alone'), library);
    figures.add(library.name, library.value, 'ms');
    figures.add('markets polls during the profiles', polls, 'polls');
    return { figures: figures.list, details: { ours, floor, polls } };
  } finally {
    await floorContext?.close();
    await server?.close();
    await terminal.close();
  }
}
