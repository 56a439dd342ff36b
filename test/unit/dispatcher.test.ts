import { describe, expect, it, vi } from 'vitest';
import type { JournalStore } from '@/proxy/journal';
import { DatabaseUnavailableError } from '@/proxy/postgres';
import { Dispatcher } from '@/proxy/sending/dispatcher';

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as never;

describe("the desk sender's dispatcher", () => {
  it('resumes each journaled ticket it finds, and backs off (logging once) while the database is away', async () => {
    vi.useFakeTimers();
    try {
      let away = true;
      const looks: number[] = [];
      const journal = {
        pendingTickets: async () => {
          looks.push(Date.now());
          if (away) throw new DatabaseUnavailableError('the database refused the connection');
          return ['t-1', 't-2'];
        },
      } as unknown as JournalStore;
      const resume = vi.fn(() => undefined);
      const warn = vi.fn();
      const dispatcher = new Dispatcher({ journal, sender: { resume }, log: { ...(log as object), warn } as never, everyMs: 50 });
      dispatcher.start();
      await vi.advanceTimersByTimeAsync(2000);
      // 50, 100, 200, 400, 800 ms apart: six looks in two seconds, not forty.
      expect(looks.length).toBeLessThanOrEqual(7);
      expect(warn).toHaveBeenCalledTimes(1);
      away = false;
      await vi.advanceTimersByTimeAsync(2100);
      expect(resume).toHaveBeenCalledWith('t-1');
      expect(resume).toHaveBeenCalledWith('t-2');
      const before = looks.length;
      await vi.advanceTimersByTimeAsync(500);
      // Back to every 50 ms once it answers.
      expect(looks.length - before).toBeGreaterThanOrEqual(8);
      dispatcher.stop();
      const stopped = looks.length;
      await vi.advanceTimersByTimeAsync(500);
      expect(looks.length).toBe(stopped);
    } finally {
      vi.useRealTimers();
    }
  });
});
