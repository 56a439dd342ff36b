/**
 * The whole page under a moving market: the real terminal (Trade preset at 1440×900: markets, the
 * chart of the selected market live, a ticket holding a 10-row ladder, orders, account) against a
 * page showing the same feed in AG Grid Community (pages/aggridPage.tsx), A B A B. Both services
 * run the same generator (seed, instruments, every price moving on every poll) and are polled
 * every 250 ms. Per run: the renderer's main-thread busy time per poll and per second (CDP), long
 * tasks, dropped frames (animation-frame gaps > 20 ms), DOM elements and JS heap; then cold loads
 * of both, navigation to the first market symbol painted.
 *
 * A poll is an answer of the service to GET /v1/public/futures, counted in the service of each
 * page: the terminal polls from a Web Worker behind the proxy (whose reads in the same interval
 * share one answer), the AG Grid page from its main thread straight to the service, and this
 * counts the polls that brought new prices on both alike. The terminal's worker (fetch, JSON,
 * schema check) runs off the main thread and is not in its figures; the AG Grid page does all of
 * that on the main thread, which is its figures'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MARKET_PAINT_TIMING } from '@/terminal/features/markets/paintTiming';
import { buildMarketsPages, startMarketsServer } from './marketsPages';
import { installProbe, readProbe, threadTimes } from './pageProbe';
import { progress } from './progress';
import { startRealApp, TICKING_CONFIG, type RealApp } from './realApp';
import { firstMarketPaint, WATCH_MARKET_SYMBOL } from './startupLoads';
import { alternate, median, medianOf, sleep } from './stats';
import { atMost, Figures } from './table';

export interface PageOptions {
  sizes: number[];
  rounds: number;
  /** Measured window of one run, after the warm-up. */
  runMs: number;
  coldLoads: number;
}

const PAGES = ['terminal', 'aggrid'] as const;
type PageName = (typeof PAGES)[number];
const NAMES: Record<PageName, string> = { terminal: 'terminal', aggrid: 'AG Grid page' };

const VIEWPORT = { width: 1440, height: 900 };
/** One generator for both pages. */
const SEED = 7;
/** Steady polling before the window opens, once the page is ready. */
const WARMUP_MS = 2000;
const LADDER_ORDERS = 10;

export interface PageRun {
  taskPerPoll: number;
  busyPerSecond: number;
  polls: number;
  pollsPerSecond: number;
  /** Futures responses the page itself saw finish (the terminal's include shared answers). */
  pollsSeenPerSecond: number;
  longTasks: number;
  longestTaskMs: number;
  /** Animation-frame gaps > 20 ms. */
  droppedFrames: number;
  domElements: number;
  heapMB: number;
}

interface Servers {
  terminal: RealApp;
  aggrid: { url: string; futuresServed(): number; close(): Promise<void> };
}

/** The terminal as the issue describes it: chart live, a 10-row ladder in the ticket, every panel on screen. */
export async function prepareTerminal(page: Page, app: RealApp): Promise<void> {
  await page.goto(app.url);
  await page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="symbol"]').click({ timeout: 30_000 });
  await page.locator('.chart [role="img"] canvas').first().waitFor({ timeout: 30_000 });
  const mark = Number(await page.getByLabel('Price (USDC)').inputValue());
  if (!(mark > 0)) throw new Error(`the ticket shows no mark price for BTC (${mark})`);
  await page.getByRole('radio', { name: 'Ladder' }).check();
  await page.getByLabel('From price').fill((Math.floor(mark * 0.99 * 10) / 10).toFixed(1));
  await page.getByLabel('To price').fill((Math.floor(mark * 0.97 * 10) / 10).toFixed(1));
  await page.getByLabel('Number of orders').fill(String(LADDER_ORDERS));
  await page.getByLabel('Total quantity (BTC)').fill('0.1');
  await page.getByRole('button', { name: `Add ${LADDER_ORDERS} orders to the ticket` }).click();
  const rows = page.getByRole('list', { name: 'Orders of the ticket' }).getByRole('listitem');
  await rows.nth(LADDER_ORDERS - 1).waitFor();
  const count = await rows.count();
  if (count !== LADDER_ORDERS) throw new Error(`the ticket holds ${count} rows, not ${LADDER_ORDERS}`);
  for (const panel of ['markets', 'chart', 'ticket', 'orders', 'account']) {
    await page.locator(`.panel-host[data-panel="${panel}"]`).waitFor({ state: 'visible' });
  }
}

async function prepareAgGrid(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/aggridPage.html`);
  await page.waitForFunction(() => ((window as unknown as { __bench?: { updates: number } }).__bench?.updates ?? 0) >= 4, undefined, { timeout: 60_000 });
}

async function newContext(browser: Browser, name: PageName, servers: Servers): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  if (name === 'terminal') await servers.terminal.signIn(context);
  return context;
}

async function runOnce(browser: Browser, name: PageName, servers: Servers, runMs: number): Promise<PageRun> {
  const context = await newContext(browser, name, servers);
  try {
    await installProbe(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => progress(`  page error in ${NAMES[name]}: ${error.message}`));
    let seen = 0;
    page.on('requestfinished', (request) => {
      if (request.url().includes('/v1/public/futures')) seen += 1;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (name === 'terminal') await prepareTerminal(page, servers.terminal);
    else await prepareAgGrid(page, servers.aggrid.url);
    await sleep(WARMUP_MS);

    const served = servers[name].futuresServed;
    const [times0, probe0, served0, seen0] = [await threadTimes(cdp), await readProbe(page), served(), seen];
    await sleep(runMs);
    const [times1, probe1, served1, seen1] = [await threadTimes(cdp), await readProbe(page), served(), seen];
    const domElements = await page.evaluate(() => document.getElementsByTagName('*').length);

    const polls = served1 - served0;
    const elapsed = probe1.now - probe0.now;
    const busy = times1.task - times0.task;
    const longTasks = probe1.longTasks.filter((task) => task.start >= probe0.now && task.start <= probe1.now);
    return {
      taskPerPoll: polls > 0 ? busy / polls : Number.NaN,
      busyPerSecond: (busy * 1000) / elapsed,
      polls,
      pollsPerSecond: (polls * 1000) / elapsed,
      pollsSeenPerSecond: ((seen1 - seen0) * 1000) / elapsed,
      longTasks: longTasks.length,
      longestTaskMs: Math.max(0, ...longTasks.map((task) => task.duration)),
      droppedFrames: probe1.longGaps - probe0.longGaps,
      domElements,
      heapMB: times1.heapUsed / 1e6,
    };
  } finally {
    await context.close();
  }
}

/** One cold load: a fresh context (empty cache), navigation to the first market symbol painted. */
async function coldLoad(browser: Browser, name: PageName, servers: Servers): Promise<number> {
  const context = await newContext(browser, name, servers);
  try {
    await context.addInitScript(WATCH_MARKET_SYMBOL(MARKET_PAINT_TIMING));
    const page = await context.newPage();
    await page.goto(name === 'terminal' ? servers.terminal.url : `${servers.aggrid.url}/aggridPage.html`);
    const painted = await page.evaluate(firstMarketPaint, { timeoutMs: 30_000 });
    progress(`page cold load, ${NAMES[name]}: first market row at ${painted.ms.toFixed(0)} ms (${painted.by})`);
    return painted.ms;
  } finally {
    await context.close();
  }
}

async function startServers(distDir: string, pagesDir: string, size: number): Promise<Servers> {
  const config = TICKING_CONFIG;
  const terminal = await startRealApp(distDir, { instrumentCount: size, config, everyUpdateMoves: true, seed: SEED });
  try {
    return { terminal, aggrid: await startMarketsServer(pagesDir, size, SEED) };
  } catch (error) {
    await terminal.close();
    throw error;
  }
}

export async function benchPage(browser: Browser, distDir: string, options: PageOptions) {
  const figures = new Figures('page');
  const details: Record<string, { runs: Record<PageName, PageRun[]>; coldLoads: Record<PageName, number[]> }> = {};
  const pagesDir = mkdtempSync(join(tmpdir(), 'perp-bench-page-'));
  try {
    progress(`page: building the AG Grid page into ${pagesDir}`);
    await buildMarketsPages(pagesDir, ['aggridPage']);
    for (const size of options.sizes) {
      const servers = await startServers(distDir, pagesDir, size);
      try {
        const runs = await alternate(PAGES, options.rounds, async (name, round) => {
          const run = await runOnce(browser, name, servers, options.runMs);
          progress(
            `page ${size} instruments, round ${round}, ${NAMES[name]}: ${run.taskPerPoll.toFixed(2)} ms/poll over ${run.polls} polls, ` +
              `${run.busyPerSecond.toFixed(0)} ms/s, ${run.longTasks} long tasks, ${run.droppedFrames} dropped frames, ` +
              `${run.domElements} elements, ${run.heapMB.toFixed(1)} MB heap`,
          );
          return run;
        });
        // Uncounted, one of each: warms the freshly started servers (JIT), as startup.ts does.
        for (const name of PAGES) await coldLoad(browser, name, servers);
        const coldLoads = await alternate(PAGES, options.coldLoads, (name) => coldLoad(browser, name, servers), { mirror: true });
        progress(`page ${size} instruments, cold loads: ${PAGES.map((name) => `${NAMES[name]} ${coldLoads[name].map((ms) => ms.toFixed(0)).join(', ')} ms`).join('; ')}`);
        details[String(size)] = { runs, coldLoads };
        addFigures(figures, size, runs, coldLoads, options.runMs);
      } finally {
        await servers.terminal.close();
        await servers.aggrid.close();
      }
    }
  } finally {
    rmSync(pagesDir, { recursive: true, force: true });
  }
  return { figures: figures.list, details };
}

/** `runMs` is in the names of the counts per run: the default and --long runs differ in length. */
function addFigures(figures: Figures, size: number, runs: Record<PageName, PageRun[]>, coldLoads: Record<PageName, number[]>, runMs: number): void {
  const med = (name: PageName, field: (run: PageRun) => number) => medianOf(runs[name], field);
  // The issue's targets: none at 1,000 instruments, at most one at 2,000.
  const allowed = size <= 1000 ? atMost(0, '0') : atMost(1, '≤ 1');
  const perRun = `per ${runMs / 1000} s run`;
  // The AG Grid page's figures are the terminal's floor: the terminal's rows print it and the ratio.
  const perPoll = (name: PageName) => med(name, (run) => run.taskPerPoll);
  const perSecond = (name: PageName) => med(name, (run) => run.busyPerSecond);
  const gridName = (what: string) => `${size} instruments · ${NAMES.aggrid} · ${what}`;
  const floorOfGrid = (name: PageName, what: string, value: number) => (name === 'terminal' ? { value, name: gridName(what) } : undefined);
  for (const name of PAGES) {
    const prefix = `${size} instruments · ${NAMES[name]}`;
    const target = name === 'terminal' ? allowed : undefined;
    figures.add(`${prefix} · main thread per poll`, perPoll(name), 'ms', undefined, floorOfGrid(name, 'main thread per poll', perPoll('aggrid')));
    const busy = floorOfGrid(name, 'main thread busy per second', perSecond('aggrid'));
    figures.add(`${prefix} · main thread busy per second`, perSecond(name), 'ms/s', undefined, busy);
    figures.add(`${prefix} · polls with new prices per second`, med(name, (run) => run.pollsPerSecond), '/s');
    figures.add(`${prefix} · futures responses the page saw per second`, med(name, (run) => run.pollsSeenPerSecond), '/s');
    figures.add(`${prefix} · long tasks (> 50 ms) ${perRun}`, med(name, (run) => run.longTasks), 'tasks', target);
    figures.add(`${prefix} · longest task`, med(name, (run) => run.longestTaskMs), 'ms');
    figures.add(`${prefix} · dropped frames (gaps > 20 ms) ${perRun}`, med(name, (run) => run.droppedFrames), 'frames', target);
    figures.add(`${prefix} · DOM elements`, med(name, (run) => run.domElements), 'elements');
    figures.add(`${prefix} · JS heap used (page)`, med(name, (run) => run.heapMB), 'MB');
  }
  const ratioName = (what: string) => `${size} instruments · ${what}, terminal / AG Grid page`;
  figures.add(ratioName('main thread per poll'), perPoll('terminal') / perPoll('aggrid'), '×', atMost(0.35, '≤ 0.35×'));
  figures.add(ratioName('main thread busy per second'), perSecond('terminal') / perSecond('aggrid'), '×', atMost(0.45, '≤ 0.45×'));
  const terminalLoad = median(coldLoads.terminal);
  const aggridLoad = median(coldLoads.aggrid);
  const loads = coldLoads.terminal.length;
  const gridLoad = { value: aggridLoad, name: `${size} instruments · AG Grid page · navigation to first market row, median of ${loads} cold loads` };
  figures.add(`${size} instruments · terminal · navigation to first market row, median of ${loads} cold loads`, terminalLoad, 'ms', undefined, gridLoad);
  figures.add(gridLoad.name, gridLoad.value, 'ms');
  figures.add(`${size} instruments · first market row, terminal / AG Grid page`, terminalLoad / aggridLoad, '×', atMost(1, '≤ 1×'));
}
