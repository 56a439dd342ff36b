/**
 * One cold load of a page served by the real app: a fresh browser context, navigation to the first
 * market symbol painted (`firstMarketPaint`), the script bytes received, and every response finished
 * before that paint (the bytes the first row waited for, the worker's fetches included).
 */
import type { Browser, Request } from 'playwright-core';
import { MARKET_PAINT_TIMING } from '@/terminal/features/markets/paintTiming';
import type { RealApp } from './realApp';

/** Which of the browser's two clocks dated a load's first market row. */
export type TimedBy = 'first contentful paint' | 'element timing';

export interface FirstMarketPaint {
  ms: number;
  by: TimedBy;
}

/** What `WATCH_MARKET_SYMBOL` keeps in the page about the first market symbol. */
interface WatchedSymbol {
  node: Element | null;
  insertedAt?: number;
  removedAt?: number;
  /** Each Element Timing entry of a market symbol: its time, and whether it is the first symbol's. */
  entries: [number, boolean][];
}

/**
 * Before the page's own scripts (`addInitScript`): the first market symbol (the element marked
 * `elementtiming`), when it entered the document and when it left it, and every Element Timing
 * entry of a market symbol from navigation on, each marked whether it is that first symbol's. A
 * string: tsx compiles functions with helpers the page lacks.
 */
export const WATCH_MARKET_SYMBOL = (name: string) => `
  const watched = { node: null, entries: [] };
  window.__marketSymbol = watched;
  const selector = '[elementtiming="${name}"]';
  const mutations = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (watched.node || node.nodeType !== 1) continue;
      watched.node = node.matches(selector) ? node : node.querySelector(selector);
      if (watched.node) watched.insertedAt = performance.now();
    }
    if (watched.node && !watched.node.isConnected) {
      watched.removedAt = performance.now();
      mutations.disconnect();
    }
  });
  mutations.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier !== ${JSON.stringify(name)}) continue;
      const first = watched.node !== null && entry.element === watched.node;
      watched.entries.push([entry.startTime, first]);
      if (first) mutations.disconnect();
    }
  }).observe({ type: 'element', buffered: true });
`;

/**
 * In the page: when the first market symbol was painted, ms since navigation. Its own Element
 * Timing entry dates it. Chromium makes a frame's entries when the main thread hears the frame was
 * presented; when that thread is busy starting the terminal it hears it hundreds of ms late, and an
 * element removed by then (the inline first rows, replaced by React's) gets no entry at all, while
 * the first contentful paint is always reported (firstRowsProbe.ts shows both). So when the first
 * symbol left the page without an entry, the first contentful paint dates it, if the symbol was in
 * the page when that frame was painted and still when it was presented; otherwise the earliest
 * entry of a later symbol does. A page whose first symbol stays (the floor, AG Grid) is always
 * timed by its entry. Needs `WATCH_MARKET_SYMBOL` installed before the page's scripts.
 */
export function firstMarketPaint({ timeoutMs }: { timeoutMs: number }): Promise<FirstMarketPaint> {
  // No named inner function: tsx would wrap it in a helper the page does not have.
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const timer = setInterval(() => {
      const watched = (window as unknown as { __marketSymbol?: WatchedSymbol }).__marketSymbol;
      if (!watched) {
        clearInterval(timer);
        reject(new Error('WATCH_MARKET_SYMBOL was not installed before the page'));
        return;
      }
      const own = watched.entries.find(([, first]) => first);
      const contentful = performance.getEntriesByName('first-contentful-paint')[0] as (PerformanceEntry & { paintTime?: number }) | undefined;
      const painted = contentful?.paintTime ?? contentful?.startTime;
      if (own) {
        resolve({ ms: own[0], by: 'element timing' });
      } else if (watched.removedAt !== undefined && contentful && painted !== undefined && watched.insertedAt! <= painted && watched.removedAt > contentful.startTime) {
        resolve({ ms: contentful.startTime, by: 'first contentful paint' });
      } else if (watched.removedAt !== undefined && watched.entries.length > 0) {
        resolve({ ms: Math.min(...watched.entries.map(([time]) => time)), by: 'element timing' });
      } else if (performance.now() - started > timeoutMs) {
        reject(new Error(`no market symbol painted within ${timeoutMs} ms`));
      } else {
        return;
      }
      clearInterval(timer);
    }, 25);
  });
}

/** A response the page had received, its body's bytes as served (compressed), ms after navigation. */
export interface Received {
  path: string;
  bytes: number;
  finishedMs: number;
}

export interface ColdLoad {
  firstRowMs: number;
  /** The clock that dated the first row (see `firstMarketPaint`). */
  timedBy: TimedBy;
  scriptBytesReceived: number;
  /** Every response finished before the first row was painted, in the order they finished. */
  beforeFirstRow: Received[];
  bytesBeforeFirstRow: number;
}

/** When a request finished (epoch ms) and its body's size as received. */
async function received(request: Request): Promise<{ path: string; finishedAt: number; bytes: number }> {
  const timing = request.timing();
  const sizes = await request.sizes();
  const url = new URL(request.url());
  return { path: url.pathname + url.search, finishedAt: timing.startTime + timing.responseEnd, bytes: sizes.responseBodySize };
}

/**
 * `bypassCsp` for the floor page only: the proxy's CSP allows no inline script, and the floor's
 * point is a page with no script file to wait for. Every other header, the origin and the hop are
 * the terminal's.
 */
export async function coldLoad(browser: Browser, app: RealApp, url: string, bypassCsp: boolean): Promise<ColdLoad> {
  // A fresh context: empty HTTP cache, no code cache, only the session cookie.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: bypassCsp });
  try {
    await app.signIn(context);
    await context.addInitScript(WATCH_MARKET_SYMBOL(MARKET_PAINT_TIMING));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const types = new Map<string, string>();
    let scriptBytes = 0;
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      if (types.get(event.requestId) === 'Script') scriptBytes += event.encodedDataLength;
    });
    await cdp.send('Network.enable');
    // A size that can no longer be read (the context closing on a late poll) is left out.
    const finished: Promise<Awaited<ReturnType<typeof received>> | undefined>[] = [];
    page.on('requestfinished', (request) => finished.push(received(request).catch(() => undefined)));
    await page.goto(url);
    const { ms: firstRowMs, by: timedBy } = await page.evaluate(firstMarketPaint, { timeoutMs: 30_000 });
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const beforeFirstRow = (await Promise.all(finished))
      .filter((response) => response !== undefined)
      .map(({ path, finishedAt, bytes }) => ({ path, bytes, finishedMs: finishedAt - timeOrigin }))
      .filter((response) => response.finishedMs <= firstRowMs)
      .sort((a, b) => a.finishedMs - b.finishedMs);
    const bytesBeforeFirstRow = beforeFirstRow.reduce((sum, response) => sum + response.bytes, 0);
    return { firstRowMs, timedBy, scriptBytesReceived: scriptBytes, beforeFirstRow, bytesBeforeFirstRow };
  } finally {
    await context.close();
  }
}
