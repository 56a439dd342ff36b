/**
 * `npx tsx test/bench/firstRowsProbe.ts [loads] [dist]` (after `npm run build`): cold loads of the built
 * terminal with observers installed before the page's own scripts, printing for each load when the
 * inline first rows were inserted and removed (React's rows replace them), each paint entry with the
 * time the page was told of it, and the first Element Timing entries of a market symbol, each with
 * the table it was in ('inline': the inline rows). Why the figure times the inline rows by the
 * first contentful paint when they have no entry: docs/performance.md, "How the first row is timed".
 */
import { launchChromium } from '../helpers/browser';
import { MARKET_PAINT_TIMING } from '@/terminal/features/markets/paintTiming';
import { copyBuild, startRealApp } from './realApp';
import { sleep } from './stats';

interface Probe {
  inserted: number | null;
  removed?: number;
  /** Identifier, start time, where ('inline' or the element's class), render time, load time. */
  element: [string, number, string | null, number, number][];
  /** Name, start time, when the page was told. */
  paints: [string, number, string][];
}

/** A string, not a function: tsx compiles functions with helpers the page does not have. */
const PROBE = `
  window.__rowsProbe = { inserted: null, element: [], paints: [] };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.nodeType === 1 && node.matches('table.first-rows') && window.__rowsProbe.inserted === null) { window.__rowsProbe.inserted = performance.now(); window.__rowsProbe.inline = node; }
    }
    for (const record of records) for (const node of record.removedNodes) {
      if (node === window.__rowsProbe.inline) window.__rowsProbe.removed = Math.round(performance.now());
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__rowsProbe.element.push([entry.identifier, Math.round(entry.startTime), entry.element ? (window.__rowsProbe.inline && window.__rowsProbe.inline.contains(entry.element) ? 'inline' : entry.element.className) : null, Math.round(entry.renderTime), Math.round(entry.loadTime)]);
  }).observe({ type: 'element', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__rowsProbe.paints.push([entry.name, Math.round(entry.startTime), 'seen at ' + Math.round(performance.now())]);
  }).observe({ type: 'paint', buffered: true });
`;

const loads = Number(process.argv[2] ?? 8);
const app = await startRealApp(copyBuild(process.argv[3] ?? 'dist'), { instrumentCount: 1000 });
const browser = await launchChromium();
try {
  for (let load = 0; load < loads; load++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await app.signIn(context);
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    await page.goto(app.url);
    await sleep(1500);
    const probe = await page.evaluate(() => (window as unknown as { __rowsProbe: Probe }).__rowsProbe);
    const symbols = probe.element.filter(([name]) => name === MARKET_PAINT_TIMING).slice(0, 3);
    const inserted = probe.inserted === null ? 'never' : `${Math.round(probe.inserted)} ms`;
    console.log(`load ${load}: rows inserted ${inserted}, removed ${probe.removed ?? 'never'}; paints ${JSON.stringify(probe.paints)}; first symbols timed ${JSON.stringify(symbols)}`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
}
