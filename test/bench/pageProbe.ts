/**
 * What the bench reads from a page: CDP's main-thread counters, and an in-page probe installed
 * before any page script runs (frames, and frames missed between them, from requestAnimationFrame;
 * long tasks from a buffered PerformanceObserver) plus the page's own `window.__bench.updates`.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export interface ProbeSnapshot {
  updates: number;
  frames: number;
  /** Frames missed so far: each gap between two animation frames longer than one frame. */
  dropped: number;
  /** Gaps between two animation frames longer than 20 ms so far (the dropped frame). */
  longGaps: number;
  /** performance.now() of the page. */
  now: number;
  longTasks: { start: number; duration: number }[];
}

interface ProbeGlobal {
  __bench?: { updates: number };
  __probe?: { frames: number; dropped: number; longGaps: number; longTasks: { start: number; duration: number }[] };
}

/**
 * Installed in every page of the context before its own scripts. A string, not a function: tsx
 * compiles functions with name helpers that do not exist in the page.
 */
const PROBE_SCRIPT = `
  (() => {
    const probe = { frames: 0, dropped: 0, longGaps: 0, longTasks: [] };
    window.__probe = probe;
    // A frame is dropped when the next one comes a whole frame (16.7 ms at 60 Hz) or more late.
    let last;
    const frame = (time) => {
      if (last !== undefined) {
        probe.dropped += Math.max(0, Math.round((time - last) / (1000 / 60)) - 1);
        if (time - last > 20) probe.longGaps += 1;
      }
      last = time;
      probe.frames += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  })();
`;

export async function installProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: PROBE_SCRIPT });
}

export function readProbe(page: Page): Promise<ProbeSnapshot> {
  return page.evaluate(() => {
    const global = window as unknown as ProbeGlobal;
    return {
      updates: global.__bench?.updates ?? 0,
      frames: global.__probe?.frames ?? 0,
      dropped: global.__probe?.dropped ?? 0,
      longGaps: global.__probe?.longGaps ?? 0,
      now: performance.now(),
      longTasks: [...(global.__probe?.longTasks ?? [])],
    };
  });
}

/** Cumulative main-thread times of the page's renderer, in ms. */
export interface ThreadTimes {
  task: number;
  script: number;
  layout: number;
  style: number;
  heapUsed: number;
}

export async function threadTimes(cdp: CDPSession): Promise<ThreadTimes> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? Number.NaN;
  return {
    task: value('TaskDuration') * 1000,
    script: value('ScriptDuration') * 1000,
    layout: value('LayoutDuration') * 1000,
    style: value('RecalcStyleDuration') * 1000,
    heapUsed: value('JSHeapUsedSize'),
  };
}
