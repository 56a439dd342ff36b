import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ENTRY = '/assets/first-abc.js';

/** The built page's body as the first-rows script meets it: #root empty, the entries in a template. */
function page() {
  document.head.innerHTML = `<template id="terminal-entries"><script type="module" crossorigin src="${ENTRY}"></script></template>`;
  document.body.innerHTML = '<div id="root"></div>';
}

function answer(body: unknown, status = 200) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })));
}

const row = (symbol: string, mark_price: number) => ({ symbol, mark_price, '24h_open': 100, '24h_close': 101 });

/** Runs the script as the page does: once, from the start. */
async function runScript() {
  delete window.__firstRowsRan;
  vi.resetModules();
  await import('@/terminal/shared/firstRows/firstRows.inline');
  await vi.waitFor(() => expect(window.__firstFutures).toBeDefined());
  await window.__firstFutures!.body;
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const started = () => [...document.head.querySelectorAll(':scope > script')].map((script) => script.getAttribute('src'));

describe('the first-rows script', () => {
  beforeEach(() => {
    // Timers that move with the clock, so that one test's late start is cleared before the next.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    page();
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete window.__firstFutures;
    delete window.__firstRowsRan;
  });

  it('writes the first rows as text, the first symbol marked for Element Timing, then starts the terminal', async () => {
    answer({ success: true, data: { rows: [row('PERP_BTC_USDC', 64000.5), row('PERP_ETH_USDC', 3100)] } });
    await runScript();
    const rows = [...document.querySelectorAll('#root .first-rows tr')].map((tr) => [...tr.children].map((td) => td.textContent));
    expect(rows).toEqual([
      ['BTC', '64000.5', '+1.00%'],
      ['ETH', '3100', '+1.00%'],
    ]);
    expect(document.querySelector('[elementtiming]')?.textContent).toBe('BTC');
    await vi.waitFor(() => expect(started()).toEqual([ENTRY]));
  });

  it('never turns what the answer says into markup', async () => {
    const symbol = 'PERP_<img src=x onerror=alert(1)></td></script>_USDC';
    answer({ success: true, data: { rows: [row(symbol, 1)] } });
    await runScript();
    expect(document.querySelector('#root img')).toBeNull();
    expect(document.querySelector('.first-rows td')?.textContent).toBe('<img src=x onerror=alert(1)></td></script>');
  });

  it('paints nothing from an answer that is not market rows, or a failed one, and starts the terminal at once', async () => {
    for (const [body, status] of [
      [{ success: true, data: { rows: [{ symbol: 'PERP_BTC_USDC', mark_price: '1' }] } }, 200],
      [{ success: false, code: -1, message: 'down' }, 502],
    ] as const) {
      vi.clearAllTimers();
      page();
      answer(body, status);
      await runScript();
      expect(document.querySelector('#root')?.childElementCount).toBe(0);
      expect(started()).toEqual([ENTRY]);
    }
  });

  it('hands its answer to the terminal, which checks it itself', async () => {
    const body = { success: true, data: { rows: [row('PERP_BTC_USDC', 1)] } };
    answer(body);
    await runScript();
    expect(await window.__firstFutures?.body).toEqual(body);
  });

  it('runs once: the copy the page loads from its file (for when the inline one was refused) does nothing after it', async () => {
    answer({ success: true, data: { rows: [row('PERP_BTC_USDC', 1)] } });
    await runScript();
    await vi.waitFor(() => expect(started()).toEqual([ENTRY]));
    // The deferred file's copy, evaluated after the inline one.
    vi.resetModules();
    await import('@/terminal/shared/firstRows/firstRows.inline');
    await vi.advanceTimersByTimeAsync(1000);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    expect(started()).toEqual([ENTRY]);
    expect(document.querySelectorAll('#root .first-rows')).toHaveLength(1);
  });
});
