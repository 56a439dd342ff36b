import { describe, expect, it, vi } from 'vitest';
import { takeOver } from '@/proxy/sending/takeOver';

describe("a proxy's take-over of the sending", () => {
  it('is tried again after a failure, backing off, until it is done', async () => {
    vi.useFakeTimers();
    try {
      const tries: number[] = [];
      const error = vi.fn();
      const steps = vi.fn(async () => {
        tries.push(Date.now());
        if (tries.length < 4) throw new Error('canceling statement due to statement timeout');
      });
      const done = takeOver({ stillHeld: () => true, steps, log: { error }, firstRetryMs: 100 });
      await vi.advanceTimersByTimeAsync(1000);
      await expect(done).resolves.toBe(true);
      expect(steps).toHaveBeenCalledTimes(4);
      // 100, 200, 400 ms apart.
      expect(tries.slice(1).map((at, n) => at - tries[n]!)).toEqual([100, 200, 400]);
      expect(error).toHaveBeenCalledTimes(3);
      expect(error.mock.calls[0]![0]).toMatchObject({ attempt: 1, err: { message: 'canceling statement due to statement timeout' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops trying once the lease it began under is gone', async () => {
    vi.useFakeTimers();
    try {
      let held = true;
      const steps = vi.fn(async () => {
        throw new Error('the journal is unavailable');
      });
      const done = takeOver({ stillHeld: () => held, steps, log: { error: vi.fn() }, firstRetryMs: 100 });
      await vi.advanceTimersByTimeAsync(250);
      held = false;
      await vi.advanceTimersByTimeAsync(5000);
      await expect(done).resolves.toBe(false);
      expect(steps).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
