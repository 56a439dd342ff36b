/**
 * Section 5: does the terminal hold on to memory? The real app (1000 instruments, quotes polled
 * every 250 ms, proxy in front, signed in) runs in Chromium; the JS heap is read after a forced GC
 * early in the run and again at the end (2 minutes in the default run, 10 with --long), and heap
 * snapshots split it into the app's own data and the engine's. Growth of the app's data between the
 * two is what a trader's tab would keep accumulating over a day.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { progress } from './progress';
import { startTickingPage } from './realApp';
import { sleep } from './stats';
import { atMost, Figures } from './table';

export interface MemoryOptions {
  /** When the first heap reading is taken, from navigation. */
  earlyMs: number;
  /** When the last one is. */
  lateMs: number;
}

/** Node types of a heap snapshot that are the app's own data, not the engine's (compiled code, maps, Blink objects). */
const DATA_TYPES = new Set(['object', 'closure', 'array', 'string', 'concatenated string', 'sliced string', 'number', 'regexp', 'symbol', 'bigint']);

/**
 * Bytes of the app's data in a heap snapshot: what a leak would grow. The used heap also holds the
 * code V8 compiles as functions get hot, which grows for the first minutes of a run and then stops.
 */
async function dataBytes(cdp: CDPSession): Promise<number> {
  let json = '';
  const onChunk = ({ chunk }: { chunk: string }) => {
    json += chunk;
  };
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(json) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  let bytes = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    if (DATA_TYPES.has(types[snapshot.nodes[i + typeAt]!]!)) bytes += snapshot.nodes[i + sizeAt]!;
  }
  return bytes;
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
  const { app, context, page, close } = await startTickingPage(browser, distDir);
  try {
    page.on('pageerror', (error) => progress(`  page error: ${error.message}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const started = Date.now();
    await page.goto(app.url);
    await page.locator('tr[data-symbol]').first().waitFor({ timeout: 30_000 });
    await sleep(Math.max(0, started + options.earlyMs - Date.now()));
    const early = await heapAfterGc(cdp);
    const earlyData = await dataBytes(cdp);
    progress(`memory: heap after ${options.earlyMs / 1000} s and GC: ${(early / 1e6).toFixed(2)} MB (app data ${(earlyData / 1e6).toFixed(2)} MB)`);
    await sleep(Math.max(0, started + options.lateMs - Date.now()));
    const late = await heapAfterGc(cdp);
    const lateData = await dataBytes(cdp);
    progress(`memory: heap after ${options.lateMs / 1000} s and GC: ${(late / 1e6).toFixed(2)} MB (app data ${(lateData / 1e6).toFixed(2)} MB)`);
    const rows = await page.locator('.markets').getByText(/\d+ perpetuals/).innerText();
    const span = `${options.earlyMs / 1000} s → ${options.lateMs / 1000} s`;
    figures.add(`JS heap after ${options.earlyMs / 1000} s, after GC`, early / 1e6, 'MB');
    figures.add(`JS heap after ${options.lateMs / 1000} s, after GC`, late / 1e6, 'MB');
    // The target is on the app's own data, what a leak would grow; the total also holds the code V8
    // compiles as functions get hot, which is not the app's to keep small, and is reported beside it.
    figures.add(`app data in the heap (snapshot: objects, strings, arrays), growth ${span}`, ((lateData - earlyData) / earlyData) * 100, '%', atMost(1));
    figures.add(`app data in the heap after ${options.lateMs / 1000} s`, lateData / 1e6, 'MB');
    figures.add(`heap growth, total ${span}`, ((late - early) / early) * 100, '%');
    figures.add('of the heap growth, compiled code and engine data', (late - early - (lateData - earlyData)) / 1000, 'kB');
    return { figures: figures.list, details: { earlyBytes: early, lateBytes: late, earlyData, lateData, shown: rows } };
  } finally {
    await close();
  }
}
