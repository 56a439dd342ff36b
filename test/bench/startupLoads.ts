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

/**
 * Before the page's own scripts (`addInitScript`): notes when the first market symbol (the element
 * marked `elementtiming`) entered the document, so `firstMarketPaint` can tell whether the page's
 * first contentful paint showed it. A string: tsx compiles functions with helpers the page lacks.
 */
export const WATCH_MARKET_SYMBOL = (name: string) => `
  new MutationObserver((records, observer) => {
    const selector = '[elementtiming="${name}"]';
    for (const record of records) for (const node of record.addedNodes) {
      if (node.nodeType !== 1 || !(node.matches(selector) || node.querySelector(selector))) continue;
      window.__marketSymbolInsertedAt = performance.now();
      observer.disconnect();
      return;
    }
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * In the page: when the first market symbol was painted, ms since navigation. The browser's Element
 * Timing of the symbol dates it, except when the symbol was in the document before the page's
 * first contentful paint: that paint then showed it, and is its date. Why both: Chromium makes the
 * entries of a frame when the main thread hears the frame was presented; when that thread is busy
 * starting the terminal, it hears it hundreds of ms late, and an element removed by then (the
 * inline first rows, replaced by React's) gets no entry at all, while the first contentful paint is
 * always reported, dated when the frame was presented (firstRowsProbe.ts shows both). Both clocks
 * give the same time when both report.
 * Needs `WATCH_MARKET_SYMBOL` installed before the page's scripts.
 */
export function firstMarketPaint({ name, timeoutMs }: { name: string; timeoutMs: number }): Promise<FirstMarketPaint> {
  // No named inner function: tsx would wrap it in a helper the page does not have.
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // Element entries are only given to observers, never by getEntries.
    const timed: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if ((entry as PerformanceEntry & { identifier?: string }).identifier === name) timed.push(entry.startTime);
    });
    observer.observe({ type: 'element', buffered: true });
    const timer = setInterval(() => {
      const insertedAt = (window as unknown as { __marketSymbolInsertedAt?: number }).__marketSymbolInsertedAt;
      const contentful = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      if (contentful !== undefined && insertedAt !== undefined && insertedAt <= contentful) {
        resolve({ ms: contentful, by: 'first contentful paint' });
      } else if (timed.length > 0) {
        resolve({ ms: Math.min(...timed), by: 'element timing' });
      } else if (performance.now() - started > timeoutMs) {
        reject(new Error(`no ${name} painted within ${timeoutMs} ms`));
      } else {
        return;
      }
      clearInterval(timer);
      observer.disconnect();
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
    const { ms: firstRowMs, by: timedBy } = await page.evaluate(firstMarketPaint, { name: MARKET_PAINT_TIMING, timeoutMs: 30_000 });
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
