/**
 * Section 1: markets under a moving market. Each contender page polls the same service (every
 * price moving on every poll) at 250 ms in the same 1440×900 viewport; we measure the renderer's
 * main-thread time per applied update, dropped frames, long tasks and rows kept in the DOM.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildMarketsPages, CONTENDER_NAMES, CONTENDERS, startMarketsServer, type Contender } from './marketsPages';
import { installProbe, readProbe, threadTimes } from './pageProbe';
import { progress } from './progress';
import { alternate, medianOf, sleep } from './stats';
import { atMost, Figures } from './table';

export interface MarketsOptions {
  sizes: number[];
  rounds: number;
  /** Measured window of one run. */
  runMs: number;
}

export interface MarketsRun {
  /** Main-thread busy time per applied update (ms): TaskDuration delta / updates. */
  taskPerUpdate: number;
  scriptPerUpdate: number;
  layoutPerUpdate: number;
  stylePerUpdate: number;
  updates: number;
  updatesPerSecond: number;
  frames: number;
  expectedFrames: number;
  droppedFrames: number;
  longTasks: number;
  longestTaskMs: number;
  rowsInDom: number;
  rowsInView: number;
}

const VIEWPORT = { width: 1440, height: 900 };
const FRAME_MS = 1000 / 60;
const ROW_HEIGHT = 28;
/** The terminal's virtualizer renders this many rows beyond each edge of the view. */
const OVERSCAN = 5;
/** Updates applied before the window opens: first load, then steady polling. */
const WARMUP_UPDATES = 4;

export async function runOnce(browser: Browser, url: string, contender: Contender, runMs: number): Promise<MarketsRun> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await installProbe(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => progress(`  page error in ${contender}: ${error.message}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${url}/${contender}.html`);
    await page.waitForFunction(
      (count) => ((window as unknown as { __bench?: { updates: number } }).__bench?.updates ?? 0) >= count,
      WARMUP_UPDATES,
      { timeout: 60_000 },
    );
    // Our table polls in its worker, as in the terminal; a worker that did not start (its bundle
    // built without the macros, once) would put the feed on the page's thread unnoticed.
    if (contender === 'ours' && page.workers().length === 0) throw new Error('our page runs no market-data worker');
    const times0 = await threadTimes(cdp);
    const probe0 = await readProbe(page);
    await sleep(runMs);
    const times1 = await threadTimes(cdp);
    const probe1 = await readProbe(page);
    const dom = await page.evaluate((rowHeight) => {
      const rows = document.querySelectorAll('tbody tr, .ag-row').length;
      const scroller = document.querySelector<HTMLElement>('.datagrid__scroll, .plain-scroll, .ag-body-vertical-scroll-viewport');
      const head = scroller?.querySelector<HTMLElement>('thead');
      const visible = (scroller?.clientHeight ?? 0) - (head?.offsetHeight ?? 0);
      return { rows, inView: Math.ceil(visible / rowHeight) };
    }, ROW_HEIGHT);

    const updates = probe1.updates - probe0.updates;
    const elapsed = probe1.now - probe0.now;
    const frames = probe1.frames - probe0.frames;
    const expectedFrames = elapsed / FRAME_MS;
    const longTasks = probe1.longTasks.filter((task) => task.start >= probe0.now && task.start <= probe1.now);
    const perUpdate = (delta: number) => (updates > 0 ? delta / updates : Number.NaN);
    return {
      taskPerUpdate: perUpdate(times1.task - times0.task),
      scriptPerUpdate: perUpdate(times1.script - times0.script),
      layoutPerUpdate: perUpdate(times1.layout - times0.layout),
      stylePerUpdate: perUpdate(times1.style - times0.style),
      updates,
      updatesPerSecond: (updates * 1000) / elapsed,
      frames,
      expectedFrames,
      droppedFrames: probe1.dropped - probe0.dropped,
      longTasks: longTasks.length,
      longestTaskMs: Math.max(0, ...longTasks.map((task) => task.duration)),
      rowsInDom: dom.rows,
      rowsInView: dom.inView,
    };
  } finally {
    await context.close();
  }
}

export async function benchMarkets(browser: Browser, options: MarketsOptions) {
  const figures = new Figures('markets');
  const details: Record<string, Record<Contender, MarketsRun[]>> = {};
  const builtDir = mkdtempSync(join(tmpdir(), 'perp-bench-pages-'));
  progress(`markets: building the three pages into ${builtDir}`);
  await buildMarketsPages(builtDir);

  for (const size of options.sizes) {
    const server = await startMarketsServer(builtDir, size);
    try {
      const runs = await alternate(CONTENDERS, options.rounds, async (contender, round) => {
        const run = await runOnce(browser, server.url, contender, options.runMs);
        progress(
          `markets ${size} rows, round ${round}, ${CONTENDER_NAMES[contender]}: ${run.taskPerUpdate.toFixed(2)} ms/update, ` +
            `${run.updates} updates, ${run.droppedFrames} dropped frames, ${run.longTasks} long tasks, ${run.rowsInDom} rows in DOM`,
        );
        return run;
      });
      details[String(size)] = runs;
      addFigures(figures, size, runs, options.runMs);
    } finally {
      await server.close();
    }
  }
  return { figures: figures.list, details };
}

/** `runMs` is in the names of the counts per run: the default and --long runs differ in length. */
function addFigures(figures: Figures, size: number, runs: Record<Contender, MarketsRun[]>, runMs: number): void {
  const med = (contender: Contender, field: (run: MarketsRun) => number) => medianOf(runs[contender], field);
  const isOurs = (contender: Contender) => contender === 'ours';
  const perRun = `per ${runMs / 1000} s run`;
  // AG Grid's is ours' floor: the page a team would build with the usual grid.
  const grid = { value: med('aggrid', (run) => run.taskPerUpdate), name: `${size} rows · ${CONTENDER_NAMES.aggrid} · main thread per update` };
  for (const contender of CONTENDERS) {
    const name = `${size} rows · ${CONTENDER_NAMES[contender]}`;
    figures.add(`${name} · main thread per update`, med(contender, (run) => run.taskPerUpdate), 'ms', undefined, isOurs(contender) ? grid : undefined);
    figures.add(`${name} · script per update`, med(contender, (run) => run.scriptPerUpdate), 'ms');
    figures.add(`${name} · layout per update`, med(contender, (run) => run.layoutPerUpdate), 'ms');
    figures.add(`${name} · style recalc per update`, med(contender, (run) => run.stylePerUpdate), 'ms');
    figures.add(`${name} · updates applied per second`, med(contender, (run) => run.updatesPerSecond), '/s');
    figures.add(
      `${name} · dropped frames ${perRun}`,
      med(contender, (run) => run.droppedFrames),
      'frames',
      isOurs(contender) && size === 1000 ? atMost(0, '0') : undefined,
    );
    figures.add(
      `${name} · long tasks (> 50 ms) ${perRun}`,
      med(contender, (run) => run.longTasks),
      'tasks',
      isOurs(contender) ? atMost(0, '0') : undefined,
    );
    figures.add(`${name} · longest task`, med(contender, (run) => run.longestTaskMs), 'ms');
    const inView = med(contender, (run) => run.rowsInView);
    figures.add(
      `${name} · rows (tr) in the DOM`,
      med(contender, (run) => run.rowsInDom),
      'rows',
      isOurs(contender)
        ? atMost(inView + 2 * OVERSCAN, `≤ ${inView} in view + ${2 * OVERSCAN} overscan`)
        : undefined,
    );
  }
  const ours = med('ours', (run) => run.taskPerUpdate);
  figures.add(`${size} rows · main thread per update, ours / AG Grid`, ours / med('aggrid', (run) => run.taskPerUpdate), '×', atMost(0.5));
  figures.add(`${size} rows · main thread per update, ours / plain`, ours / med('plain', (run) => run.taskPerUpdate), '×');
}
