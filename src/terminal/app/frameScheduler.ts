/**
 * When TanStack Query tells the views of new data: before the next frame is drawn, not in a task of
 * its own. A poll's answer reaches the chart's canvas in an animation frame, and its views by the
 * library's default `setTimeout(0)`; the two often landed in two frames, each laying out, painting
 * and compositing the whole page again. Now both are drawn in one. A hidden tab draws no frames, so
 * a batch still runs after FALLBACK_MS without one: nothing waits for the tab to be shown.
 */
export const FALLBACK_MS = 100;

export interface FrameClock {
  requestFrame(run: () => void): number;
  cancelFrame(id: number): void;
  setTimer(run: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimer(id: ReturnType<typeof setTimeout>): void;
}

const browserClock: FrameClock = {
  requestFrame: (run) => requestAnimationFrame(run),
  cancelFrame: (id) => cancelAnimationFrame(id),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (id) => clearTimeout(id),
};

/** A scheduler for `notifyManager.setScheduler`: every batch asked for before a frame runs in it, once. */
export function frameScheduler(clock: FrameClock = browserClock): (batch: () => void) => void {
  let waiting: (() => void)[] = [];
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const runAll = () => {
    if (frame !== undefined) clock.cancelFrame(frame);
    if (timer !== undefined) clock.clearTimer(timer);
    frame = timer = undefined;
    const batches = waiting;
    waiting = [];
    // One that throws must not keep the others from their views.
    for (const batch of batches) {
      try {
        batch();
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };
  return (batch) => {
    waiting.push(batch);
    if (frame !== undefined) return;
    frame = clock.requestFrame(runAll);
    timer = clock.setTimer(runAll, FALLBACK_MS);
  };
}
