/**
 * Section 5: does the terminal hold on to memory? The real app (1000 instruments, quotes polled
 * every 250 ms, proxy in front, signed in) runs in Chromium; the JS heap is read after a forced GC
 * early in the run and again at the end. Growth between the two is what a trader's tab would keep
 * accumulating over a day.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { terminalConfig } from '../../src/service/config';
import { progress } from './progress';
import { startRealApp } from './realApp';
import { sleep } from './stats';
import { atMost, Figures } from './table';

export interface MemoryOptions {
  /** When the first heap reading is taken, from navigation. */
  earlyMs: number;
  /** When the last one is. */
  lateMs: number;
}

/** Used JS heap after collecting garbage (twice: the first pass can leave finalizable objects). */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

export async function benchMemory(browser: Browser, distDir: string, options: MemoryOptions) {
  const figures = new Figures('memory');
  const config = { ...terminalConfig, pullingInterval: { ...terminalConfig.pullingInterval, quotes: 250 } };
  const app = await startRealApp(distDir, { instrumentCount: 1000, config });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await app.signIn(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => progress(`  page error: ${error.message}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const started = Date.now();
    await page.goto(app.url);
    await page.locator('tr[data-symbol]').first().waitFor({ timeout: 30_000 });
    await sleep(Math.max(0, started + options.earlyMs - Date.now()));
    const early = await heapAfterGc(cdp);
    progress(`memory: heap after ${options.earlyMs / 1000} s and GC: ${(early / 1e6).toFixed(2)} MB`);
    await sleep(Math.max(0, started + options.lateMs - Date.now()));
    const late = await heapAfterGc(cdp);
    progress(`memory: heap after ${options.lateMs / 1000} s and GC: ${(late / 1e6).toFixed(2)} MB`);
    const rows = await page.locator('.markets').getByText(/\d+ perpetuals/).innerText();
    figures.add(`JS heap after ${options.earlyMs / 1000} s, after GC`, early / 1e6, 'MB');
    figures.add(`JS heap after ${options.lateMs / 1000} s, after GC`, late / 1e6, 'MB');
    figures.add('heap growth', ((late - early) / early) * 100, '%', atMost(5));
    return { figures: figures.list, details: { earlyBytes: early, lateBytes: late, shown: rows } };
  } finally {
    await context.close();
    await app.close();
  }
}
