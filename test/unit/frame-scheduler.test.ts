import { describe, expect, it } from 'vitest';
import { FALLBACK_MS, frameScheduler, type FrameClock } from '@/terminal/app/frameScheduler';

/** A clock whose frames and timers run only when the test says. */
function manualClock() {
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  const clock: FrameClock = {
    requestFrame: (run) => (frames.set(next, run), next++),
    cancelFrame: (id) => void frames.delete(id),
    setTimer: (run, ms) => (timers.set(next, { run, ms }), next++) as unknown as ReturnType<typeof setTimeout>,
    clearTimer: (id) => void timers.delete(id as unknown as number),
  };
  const drawFrame = () => [...frames.values()].forEach((run) => run());
  const fireTimers = () => [...timers.values()].forEach(({ run }) => run());
  return { clock, frames, timers, drawFrame, fireTimers };
}

describe('frameScheduler (TanStack Query notifications before the next frame)', () => {
  it('runs every batch asked for before a frame in that frame, once, in order', () => {
    const manual = manualClock();
    const schedule = frameScheduler(manual.clock);
    const ran: string[] = [];
    schedule(() => ran.push('markets'));
    schedule(() => ran.push('ticket'));
    expect(ran).toEqual([]);
    expect(manual.frames.size).toBe(1);
    manual.drawFrame();
    expect(ran).toEqual(['markets', 'ticket']);
    // The fallback timer was cleared with the frame: nothing runs twice.
    expect(manual.timers.size).toBe(0);
    manual.fireTimers();
    expect(ran).toEqual(['markets', 'ticket']);
  });

  it('runs them after FALLBACK_MS when no frame comes (a hidden tab), and the late frame runs nothing again', () => {
    const manual = manualClock();
    const schedule = frameScheduler(manual.clock);
    const ran: number[] = [];
    schedule(() => ran.push(1));
    expect([...manual.timers.values()].map(({ ms }) => ms)).toEqual([FALLBACK_MS]);
    manual.fireTimers();
    expect(ran).toEqual([1]);
    expect(manual.frames.size).toBe(0);
    // A batch asked for while the last ran waits for a frame of its own.
    schedule(() => ran.push(2));
    manual.drawFrame();
    expect(ran).toEqual([1, 2]);
  });

  it('keeps running the others when one batch throws, and reports the error', async () => {
    const manual = manualClock();
    const schedule = frameScheduler(manual.clock);
    const ran: string[] = [];
    const reported = new Promise<unknown>((resolve) => {
      const original = globalThis.queueMicrotask;
      globalThis.queueMicrotask = (task) => {
        globalThis.queueMicrotask = original;
        try {
          task();
        } catch (error) {
          resolve(error);
        }
      };
    });
    schedule(() => {
      throw new Error('a view failed');
    });
    schedule(() => ran.push('after'));
    manual.drawFrame();
    expect(ran).toEqual(['after']);
    expect(await reported).toEqual(new Error('a view failed'));
  });
});
