/**
 * Section 4: what the first load costs. The JavaScript of the first load from the built index.html
 * (entry script + modulepreload chunks, raw and gzip), the script bytes Chromium actually received
 * from the proxy (which serves the build's pre-compressed files), and the time from navigation to
 * the first market row painted (the browser's Element Timing of the first market symbol), over
 * cold loads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { MARKET_PAINT_TIMING } from '@/terminal/features/markets/paintTiming';
import { progress } from './progress';
import { startRealApp } from './realApp';
import { median } from './stats';
import { atMost, Figures } from './table';

export interface StartupOptions {
  coldLoads: number;
}

/** Scripts the browser fetches before the terminal can run: the entry and its modulepreloads. */
export function firstLoadScripts(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  return [...new Set([...scripts, ...preloads])];
}

function scriptSizes(distDir: string) {
  const files = firstLoadScripts(distDir);
  if (files.length === 0) throw new Error(`no entry script in ${distDir}/index.html`);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(join(distDir, file.replace(/^\//, '')));
    raw += content.length;
    // Level 9, as the build's own .gz files.
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

/**
 * In the page: when the first market's symbol was painted, from the browser's own Element Timing
 * entries (the terminal marks the symbol with `elementtiming`); ms since navigation.
 */
export function firstMarketPaint({ name, timeoutMs }: { name: string; timeoutMs: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} painted within ${timeoutMs} ms`)), timeoutMs);
    const observer = new PerformanceObserver((list) => {
      const painted = list.getEntries().filter((entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === name);
      if (painted.length === 0) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(Math.min(...painted.map((entry) => entry.startTime)));
    });
    observer.observe({ type: 'element', buffered: true });
  });
}

interface ColdLoad {
  firstRowMs: number;
  scriptBytesReceived: number;
}

async function coldLoad(browser: Browser, app: Awaited<ReturnType<typeof startRealApp>>): Promise<ColdLoad> {
  // A fresh context: empty HTTP cache, no code cache, only the session cookie.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await app.signIn(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const types = new Map<string, string>();
    let scriptBytes = 0;
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      if (types.get(event.requestId) === 'Script') scriptBytes += event.encodedDataLength;
    });
    await cdp.send('Network.enable');
    await page.goto(app.url);
    const firstRowMs = await page.evaluate(firstMarketPaint, { name: MARKET_PAINT_TIMING, timeoutMs: 30_000 });
    return { firstRowMs, scriptBytesReceived: scriptBytes };
  } finally {
    await context.close();
  }
}

export async function benchStartup(browser: Browser, distDir: string, options: StartupOptions) {
  const figures = new Figures('startup');
  const sizes = scriptSizes(distDir);
  progress(`startup: first-load scripts ${sizes.files.join(', ')}: ${sizes.raw} B, ${sizes.gzip} B gzip`);
  const app = await startRealApp(distDir);
  const loads: ColdLoad[] = [];
  try {
    // One load first, not counted: it warms the freshly started proxy and service (JIT, first
    // SQLite reads), which in use run for days. Every counted load is still a cold browser.
    await coldLoad(browser, app);
    for (let index = 1; index <= options.coldLoads; index++) {
      const load = await coldLoad(browser, app);
      progress(`startup cold load ${index}: first market row at ${load.firstRowMs.toFixed(0)} ms, ${load.scriptBytesReceived} script bytes received`);
      loads.push(load);
    }
  } finally {
    await app.close();
  }
  figures.add('first-load JavaScript (entry + modulepreload), raw', sizes.raw / 1000, 'kB');
  figures.add('first-load JavaScript, gzip', sizes.gzip / 1000, 'kB', atMost(150, '≤ 150'));
  figures.add('script bytes received by Chromium (as served)', median(loads.map((load) => load.scriptBytesReceived)) / 1000, 'kB');
  figures.add(
    `navigation to first market row, median of ${loads.length} cold loads`,
    median(loads.map((load) => load.firstRowMs)),
    'ms',
    atMost(400),
  );
  return { figures: figures.list, details: { scripts: sizes.files, rawBytes: sizes.raw, gzipBytes: sizes.gzip, loads } };
}
