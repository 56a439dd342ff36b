import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { presetLayout } from '@/terminal/features/workspace/model/presets';

const KEY = 'perp-terminal.workspace';
const stored = JSON.stringify({ state: { active: 'x', workspaces: { x: { name: 'Mine', layout: presetLayout('watch'), saved: null } } }, version: 1 });

// A page's timers only run when a test says so: an earlier "page" must not settle a later one's mark.
beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());

/** A new page of the terminal: its modules loaded afresh, reading what localStorage holds now. */
async function openPage() {
  vi.resetModules();
  const { useWorkspaceStore } = await import('@/terminal/features/workspace/store');
  const { useToastStore } = await import('@/terminal/shared/ui/toast/toastStore');
  return { active: useWorkspaceStore.getState().active, toasts: useToastStore.getState().toasts };
}

describe('a stored workspace the page failed on (review finding 3)', () => {
  it('is loaded, and marked as loading until the page has run a while', async () => {
    localStorage.setItem(KEY, stored);
    expect((await openPage()).active).toBe('x');
    expect(localStorage.getItem(`${KEY}.loading`)).not.toBeNull();
    vi.advanceTimersByTime(3000);
    expect(localStorage.getItem(`${KEY}.loading`)).toBeNull();
    expect((await openPage()).active).toBe('x');
  });

  it('is set aside at the next open when the page failed while loading it, kept where it can be recovered', async () => {
    localStorage.setItem(KEY, stored);
    expect((await openPage()).active).toBe('x');
    // The page throws (or hangs, or its tab crashes) before it settles: the mark stays.
    window.dispatchEvent(new ErrorEvent('error', { message: 'Maximum call stack size exceeded' }));
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(3000);
    expect(localStorage.getItem(`${KEY}.loading`)).not.toBeNull();
    const next = await openPage();
    expect(next.active).toBe('trade');
    // As the failed page last saved it (with the presets it put back).
    const aside = JSON.parse(localStorage.getItem(`${KEY}.set-aside`) ?? '{}') as { state: { active: string; workspaces: Record<string, unknown> } };
    expect(aside.state.active).toBe('x');
    expect(aside.state.workspaces.x).toEqual(JSON.parse(stored).state.workspaces.x);
    expect(next.toasts.at(-1)).toMatchObject({
      tone: 'warning',
      title: 'Reset: your saved workspaces could not be read',
      detail: `The terminal failed while opening it last time, so it was set aside (kept in this browser as ${KEY}.set-aside).`,
    });
    expect(localStorage.getItem(`${KEY}.loading`)).toBeNull();
  });
});
