/**
 * One cold load of a page served by the real app: a fresh browser context, navigation to the first
 * market symbol painted (Element Timing), the script bytes received, and every response finished
 * before that paint (the bytes the first row waited for, the worker's fetches included).
 */
import type { Browser, Request } from 'playwright-core';
import { MARKET_PAINT_TIMING } from '@/terminal/features/markets/paintTiming';
import type { RealApp } from './realApp';

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

/** A response the page had received, its body's bytes as served (compressed), ms after navigation. */
export interface Received {
  path: string;
  bytes: number;
  finishedMs: number;
}

export interface ColdLoad {
  firstRowMs: number;
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
    const firstRowMs = await page.evaluate(firstMarketPaint, { name: MARKET_PAINT_TIMING, timeoutMs: 30_000 });
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const beforeFirstRow = (await Promise.all(finished))
      .filter((response) => response !== undefined)
      .map(({ path, finishedAt, bytes }) => ({ path, bytes, finishedMs: finishedAt - timeOrigin }))
      .filter((response) => response.finishedMs <= firstRowMs)
      .sort((a, b) => a.finishedMs - b.finishedMs);
    const bytesBeforeFirstRow = beforeFirstRow.reduce((sum, response) => sum + response.bytes, 0);
    return { firstRowMs, scriptBytesReceived: scriptBytes, beforeFirstRow, bytesBeforeFirstRow };
  } finally {
    await context.close();
  }
}
