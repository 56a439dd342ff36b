/**
 * Section 6: what arranging the workspace costs while 1,000 instruments tick (quotes every 250 ms):
 * long tasks (> 50 ms) and dropped frames while a splitter is dragged, a workspace is switched and
 * a phone is rotated, each beside an idle window of the same length for comparison.
 */
import type { Browser, Page } from 'playwright-core';
import { installProbe, readProbe } from './pageProbe';
import { progress } from './progress';
import { startRealApp, TICKING_CONFIG } from './realApp';
import { median, sleep } from './stats';
import { atMost, Figures } from './table';

export interface LayoutOptions {
  rounds: number;
}

const SETTLE_MS = 800;

interface Cost {
  longTasks: number;
  longestMs: number;
  dropped: number;
}

/** Long tasks and dropped frames from just before `act` until the page has settled after it. */
async function measure(page: Page, act: () => Promise<void>): Promise<Cost> {
  const before = await readProbe(page);
  await act();
  await sleep(SETTLE_MS);
  const after = await readProbe(page);
  const tasks = after.longTasks.filter((task) => task.start >= before.now);
  return { longTasks: tasks.length, longestMs: Math.max(0, ...tasks.map((task) => task.duration)), dropped: after.dropped - before.dropped };
}

/** Drags the splitter between the left and the right column of Trade 200 px and back, in small steps. */
async function dragSplitter(page: Page): Promise<void> {
  const ticket = (await page.locator('.panel-host[data-panel="ticket"]').boundingBox())!;
  const x = ticket.x - 2;
  const y = ticket.y + ticket.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 200, y, { steps: 20 });
  await page.mouse.move(x, y, { steps: 20 });
  await page.mouse.up();
}

async function switchTo(page: Page, name: string): Promise<void> {
  await page.locator('.layout-menu__summary').click();
  await page.getByRole('radio', { name }).check();
  await page.locator('.layout-menu__summary').click();
  await page.locator('section.markets').waitFor();
}

async function rotate(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.locator('tr[data-symbol]').first().waitFor();
}

export async function benchLayout(browser: Browser, distDir: string, options: LayoutOptions) {
  const figures = new Figures('layout');
  const config = TICKING_CONFIG;
  const app = await startRealApp(distDir, { instrumentCount: 1000, config });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await installProbe(context);
  const runs: Record<string, Cost[]> = { idle: [], splitter: [], switch: [], rotate: [] };
  try {
    await app.signIn(context);
    const page = await context.newPage();
    await page.goto(app.url);
    await page.getByRole('region', { name: 'Order ticket' }).waitFor({ timeout: 30_000 });
    await sleep(1500);
    for (let round = 0; round < options.rounds; round++) {
      runs.idle!.push(await measure(page, () => sleep(600)));
      runs.splitter!.push(await measure(page, () => dragSplitter(page)));
      runs.switch!.push(await measure(page, () => switchTo(page, 'Batch')));
      runs.switch!.push(await measure(page, () => switchTo(page, 'Trade')));
      await rotate(page, 390, 844);
      await sleep(SETTLE_MS);
      runs.rotate!.push(await measure(page, () => rotate(page, 844, 390)));
      runs.rotate!.push(await measure(page, () => rotate(page, 390, 844)));
      await rotate(page, 1440, 900);
      await sleep(SETTLE_MS);
      progress(`layout round ${round + 1}: ${JSON.stringify(Object.fromEntries(Object.entries(runs).map(([name, costs]) => [name, costs.at(-1)])))}`);
    }
  } finally {
    await context.close();
    await app.close();
  }
  const words: Record<string, string> = { idle: 'idle (same window, nothing done)', splitter: 'dragging a splitter', switch: 'switching a workspace', rotate: 'rotating a phone' };
  for (const [name, costs] of Object.entries(runs)) {
    figures.add(`${words[name]}: long tasks (> 50 ms), median`, median(costs.map((cost) => cost.longTasks)), 'tasks', name === 'idle' ? undefined : atMost(0, '0'));
    figures.add(`${words[name]}: longest task, median`, median(costs.map((cost) => cost.longestMs)), 'ms');
    figures.add(`${words[name]}: dropped frames, median`, median(costs.map((cost) => cost.dropped)), 'frames', name === 'idle' ? undefined : atMost(0, '0'));
  }
  return { figures: figures.list, details: runs };
}
