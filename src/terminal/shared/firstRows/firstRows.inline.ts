/**
 * The first market rows, painted by a script inlined in index.html (the build puts it there, the
 * proxy's CSP allows it by its hash) before the terminal's code has loaded and run: the prices
 * arrive long before the code that shows them (docs/performance.md). It fetches the market data
 * once, hands the answer to the terminal's first poll (handOver.ts) and writes the first rows as
 * plain text into #root, where React's first render replaces them. The built page only preloads
 * the terminal's modules (a <template> after this script names them): this script starts them
 * once the rows are painted, because half a megabyte of script compiling and running holds the
 * one main thread that the rows' paint needs (measured: the rows waited for the whole start-up). No words (the language is not
 * known yet), no imports (it is inlined as one script), only text nodes (nothing from the answer
 * becomes markup). A row that does not look like a market row stops the painting; the terminal's
 * own poll checks the whole answer against its schema.
 */
import type { FirstFutures } from './handOver';

const FUTURES_PATH = '/v1/public/futures';
/** The bench reads the first symbol's paint (markets/paintTiming.ts says the same name). */
const PAINT_TIMING = 'market-symbol';
/** As many rows as a tall screen shows; the rest come with the terminal. */
const MAX_ROWS = 40;
/** The terminal has not replaced the rows by then: they are no longer shown as live. */
const STALE_AFTER_MS = 5000;
/** Slow market data does not hold the terminal back longer than this. */
const START_AT_THE_LATEST_MS = 500;

let started = false;

/**
 * The terminal's entry modules, from the inert <template> the build writes after this script
 * (the dev server has none: it loads them itself). New elements: a script parsed in a template
 * never runs.
 */
function startTerminal(): void {
  if (started) return;
  // Not yet parsed as far as the template (a fetch that failed at once): once it is.
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', startTerminal, { once: true });
    return;
  }
  started = true;
  const entries = document.getElementById('terminal-entries') as HTMLTemplateElement | null;
  for (const entry of entries?.content.querySelectorAll('script') ?? []) {
    // The attribute as written: the template's inert document resolves no URL.
    const src = entry.getAttribute('src');
    if (!src) continue;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = src;
    document.head.append(script);
  }
}

/** After the frame that shows the rows (a frame, then a task), as the terminal's own tools wait. */
function startAfterPaint(): void {
  requestAnimationFrame(() => setTimeout(startTerminal, 0));
}

interface FirstRow {
  symbol: string;
  mark_price: number;
  '24h_open': number;
  '24h_close': number;
}

function firstRowsOf(answer: unknown): FirstRow[] | undefined {
  const rows = (answer as { data?: { rows?: unknown } } | undefined)?.data?.rows;
  if (!Array.isArray(rows)) return undefined;
  const first = rows.slice(0, MAX_ROWS) as FirstRow[];
  const valid = first.every(
    (row) =>
      typeof row === 'object' && row !== null && typeof row.symbol === 'string' && Number.isFinite(row.mark_price) &&
      Number.isFinite(row['24h_open']) && Number.isFinite(row['24h_close']),
  );
  return valid ? first : undefined;
}

function cell(row: HTMLTableRowElement, text: string, className: string): HTMLTableCellElement {
  const td = row.insertCell();
  td.className = className;
  td.textContent = text;
  return td;
}

function paint(root: HTMLElement, rows: FirstRow[]): void {
  const table = document.createElement('table');
  table.className = 'first-rows';
  // A moment's picture of the prices: the terminal's own table, with its names, replaces it.
  table.setAttribute('aria-hidden', 'true');
  rows.forEach((row, index) => {
    const tr = table.insertRow();
    const base = /^PERP_(.+)_[^_]+$/.exec(row.symbol)?.[1] ?? row.symbol;
    const symbol = cell(tr, base, 'first-rows__symbol');
    // On the cell: Chromium times a text by the block that holds it, not by an inline span.
    if (index === 0) symbol.setAttribute('elementtiming', PAINT_TIMING);
    cell(tr, String(row.mark_price), 'first-rows__num');
    const open = row['24h_open'];
    const change = open ? ((row['24h_close'] - open) / open) * 100 : 0;
    const tone = change > 0 ? ' first-rows__num--up' : change < 0 ? ' first-rows__num--down' : '';
    cell(tr, `${change > 0 ? '+' : ''}${change.toFixed(2)}%`, `first-rows__num${tone}`);
  });
  root.replaceChildren(table);
  setTimeout(() => table.classList.add('first-rows--stale'), STALE_AFTER_MS);
}

/** Fetches the first market data, hands it over, paints its rows and starts the terminal. */
function run(): void {
  const startedAt = Date.now();
  const body = fetch(FUTURES_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((response): Promise<unknown> | undefined => (response.ok ? response.json() : undefined))
    .catch(() => undefined);
  window.__firstFutures = { startedAt, body } satisfies FirstFutures;
  setTimeout(startTerminal, START_AT_THE_LATEST_MS);
  void body.then((answer) => {
    const root = document.getElementById('root');
    const rows = firstRowsOf(answer);
    // React has rendered already (the data came late): nothing to paint over.
    if (root && rows && root.childElementCount === 0) {
      paint(root, rows);
      startAfterPaint();
    } else {
      startTerminal();
    }
  });
}

// Once: inline in the page, or else from its own file, which the page also loads (deferred) for
// when the inline copy was refused (an HTML rewriter in front of the proxy changed it, so the
// CSP's hash no longer matches): without it, nothing would start the terminal.
if (!window.__firstRowsRan) {
  window.__firstRowsRan = true;
  run();
}
