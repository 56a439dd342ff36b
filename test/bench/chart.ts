/**
 * The chart's live update: what it costs the main thread per markets poll. The real app (1000
 * instruments, quotes every 250 ms) runs with the chart of the ticket's market on screen while a
 * CPU profile is taken; the self time of the chart's own code and the chart library (their chunks)
 * is divided by the polls seen in that time. Canvas rasterising happens off the main thread's JS
 * and is not in this figure; the whole-page figures of the markets section include it.
 */
import type { Browser } from 'playwright-core';
import { progress } from './progress';
import { startTickingPage } from './realApp';
import { sleep } from './stats';
import { atMost, Figures } from './table';

export interface ChartBenchOptions {
  profileMs: number;
}

interface Profile {
  nodes: { id: number; callFrame: { url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) of the profile's samples whose function comes from a script matching `chunk`. */
function selfTimeIn(profile: Profile, chunk: RegExp): number {
  const inChunk = new Set(profile.nodes.filter((node) => chunk.test(node.callFrame.url)).map((node) => node.id));
  let micros = 0;
  // A sample's time is the delta to the next one.
  for (let i = 0; i < profile.samples.length - 1; i++) {
    if (inChunk.has(profile.samples[i]!)) micros += profile.timeDeltas[i + 1] ?? 0;
  }
  return micros / 1000;
}

export async function benchChart(browser: Browser, distDir: string, options: ChartBenchOptions) {
  const figures = new Figures('chart');
  const { app, context, page, close } = await startTickingPage(browser, distDir);
  try {
    let polls = 0;
    page.on('requestfinished', (request) => {
      if (request.url().includes('/v1/public/futures')) polls += 1;
    });
    await page.goto(app.url);
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').click();
    await page.locator('.chart [role="img"] canvas').first().waitFor({ timeout: 30_000 });
    await sleep(2000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const before = polls;
    await sleep(options.profileMs);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const seen = polls - before;
    const chartMs = selfTimeIn(profile, /\/assets\/(CandleChart|ChartPanel)-/);
    progress(`chart: ${chartMs.toFixed(1)} ms of chart code over ${seen} polls in ${options.profileMs / 1000} s`);
    figures.add('chart live update, main-thread JS per poll (chart code + library)', seen > 0 ? chartMs / seen : Number.NaN, 'ms', atMost(1));
    figures.add('markets polls during the profile', seen, 'polls');
    return { figures: figures.list, details: { chartMs, polls: seen } };
  } finally {
    await close();
  }
}
