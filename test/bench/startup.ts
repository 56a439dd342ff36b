/**
 * Section 4: what the first load costs. The JavaScript of the first load from the built index.html
 * (entry script + modulepreload chunks, raw and gzip, each file named), the script bytes Chromium
 * actually received from the proxy (which serves the build's pre-compressed files), and the time
 * from navigation to the first market row painted (`firstMarketPaint`: the frame that first showed
 * the first market symbol) over cold loads, against a floor page measured in alternation: a static HTML page served
 * by the same proxy whose inline script fetches /v1/public/futures and writes the first 30 rows
 * (pages/floorPage.html). What the terminal waits for before its first row (every response
 * finished by then, with its bytes as served) is printed for the median load and kept in the details.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { MARKET_PAINT_TIMING } from '@/terminal/features/markets/paintTiming';
import { progress } from './progress';
import { startRealApp, type RealApp } from './realApp';
import { alternate, median } from './stats';
import { coldLoad, type ColdLoad } from './startupLoads';
import { atMost, Figures, floorOf } from './table';

export interface StartupOptions {
  /** Cold loads of each page, alternated (the median of 7). */
  coldLoads: number;
}

/** Where the floor page is served from, beside the terminal's files. */
const FLOOR_FILE = 'bench-floor.html';
const FLOOR_SOURCE = resolve(import.meta.dirname, 'pages', 'floorPage.html');
const PAGES = ['terminal', 'floor'] as const;

/** Scripts the browser fetches before the terminal can run: the entry and its modulepreloads. */
export function firstLoadScripts(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  return [...new Set([...scripts, ...preloads])];
}

function scriptSizes(distDir: string) {
  const files = firstLoadScripts(distDir).map((file) => {
    const content = readFileSync(join(distDir, file.replace(/^\//, '')));
    // Level 9, as the build's own .gz files.
    return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  if (files.length === 0) throw new Error(`no entry script in ${distDir}/index.html`);
  const sum = (field: 'raw' | 'gzip') => files.reduce((total, file) => total + file[field], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip') };
}

/** The floor page beside the terminal's files (the bench's own copy of the build: see run.ts). */
function placeFloorPage(distDir: string): void {
  if (!readFileSync(FLOOR_SOURCE, 'utf8').includes(`'elementtiming', '${MARKET_PAINT_TIMING}'`)) {
    throw new Error(`${FLOOR_SOURCE} does not mark its first symbol as ${MARKET_PAINT_TIMING}`);
  }
  copyFileSync(FLOOR_SOURCE, join(distDir, FLOOR_FILE));
}

function printPath(load: ColdLoad): void {
  const path = load.beforeFirstRow.map((response) => `${response.path} ${(response.bytes / 1000).toFixed(1)} kB at ${response.finishedMs.toFixed(0)} ms`);
  progress(`startup: the median terminal load (${load.firstRowMs.toFixed(0)} ms) had waited for ${path.join('; ')}`);
}

async function measureLoads(browser: Browser, app: RealApp, coldLoads: number) {
  const urls = { terminal: app.url, floor: new URL(FLOOR_FILE, app.url).href };
  // One load of each first, not counted: it warms the freshly started proxy and service (JIT,
  // first SQLite reads), which in use run for days. Every counted load is still a cold browser.
  for (const page of PAGES) await coldLoad(browser, app, urls[page], page === 'floor');
  // A B B A …: neither page always follows the other (a load can inherit the last one's work).
  return alternate(
    PAGES,
    coldLoads,
    async (page, round) => {
      const load = await coldLoad(browser, app, urls[page], page === 'floor');
      progress(`startup cold load ${round}, ${page}: first market row at ${load.firstRowMs.toFixed(0)} ms (${load.timedBy}), ${load.scriptBytesReceived} script bytes received`);
      return load;
    },
    { mirror: true },
  );
}

export async function benchStartup(browser: Browser, distDir: string, options: StartupOptions) {
  const figures = new Figures('startup');
  const sizes = scriptSizes(distDir);
  for (const file of sizes.files) progress(`startup: first-load script ${file.file}: ${file.raw} B, ${file.gzip} B gzip`);
  placeFloorPage(distDir);
  const app = await startRealApp(distDir);
  let loads: Record<(typeof PAGES)[number], ColdLoad[]>;
  try {
    loads = await measureLoads(browser, app, options.coldLoads);
  } finally {
    await app.close();
  }
  const firstRow = (page: (typeof PAGES)[number]) => median(loads[page].map((load) => load.firstRowMs));
  const byTime = [...loads.terminal].sort((a, b) => a.firstRowMs - b.firstRowMs);
  const medianLoad = byTime[Math.floor((byTime.length - 1) / 2)]!;
  printPath(medianLoad);

  figures.add('first-load JavaScript (entry + modulepreload), raw', sizes.raw / 1000, 'kB');
  figures.add('first-load JavaScript, gzip', sizes.gzip / 1000, 'kB', atMost(130));
  figures.add('script bytes received by Chromium (as served)', median(loads.terminal.map((load) => load.scriptBytesReceived)) / 1000, 'kB');
  figures.add('bytes received before the first market row (every response, as served), median load', medianLoad.bytesBeforeFirstRow / 1000, 'kB');
  const n = options.coldLoads;
  const floor = figures.add(`first market row · floor page (static HTML, one fetch, 30 rows), median of ${n} alternated cold loads`, firstRow('floor'), 'ms');
  figures.add(`first market row · terminal, median of ${n} alternated cold loads`, firstRow('terminal'), 'ms', undefined, floorOf(floor));
  figures.add('first market row / floor page', firstRow('terminal') / firstRow('floor'), '×', atMost(1.5, '≤ 1.5×'));
  const scripts = sizes.files;
  return { figures: figures.list, details: { scripts, rawBytes: sizes.raw, gzipBytes: sizes.gzip, loads, medianTerminalLoad: medianLoad } };
}
