import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rebind } from '@/terminal/features/hotkeys';
import { readSettingsFile, settingsFile, DEFAULT_SETTINGS } from '@/terminal/features/settings';
import { SETTINGS_STORAGE_KEY } from '@/terminal/features/settings/model/settings';
import { useSettingsStore } from '@/terminal/features/settings/store';
import { LayoutMenu } from '@/terminal/features/workspace';
import type { DockLayout, GridNode } from '@/terminal/features/workspace/model/dockLayout';
import { presetLayout } from '@/terminal/features/workspace/model/presets';
import { readWorkspaceFile, workspaceFile } from '@/terminal/features/workspace/model/workspaceFile';
import { useWorkspaceStore, WORKSPACE_STORAGE_KEY } from '@/terminal/features/workspace/store';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';

const initialWorkspaces = useWorkspaceStore.getState();
afterEach(() => {
  useWorkspaceStore.setState(initialWorkspaces, true);
  vi.restoreAllMocks();
});
const toasts = () => useToastStore.getState().toasts;
const panels = { markets: { title: 'Markets', Component: () => null, useHeader: () => ({ text: '', stale: false }), label: 'Markets' } };

/** The review's layout: one group of Markets under `depth` splits, each holding only the next. */
function nestedLayout(depth: number): DockLayout {
  const base = presetLayout('watch');
  let root: GridNode = { type: 'leaf', data: { id: 'deep', views: ['markets'], activeView: 'markets' } };
  for (let i = 0; i < depth; i++) root = { type: 'branch', data: [root] };
  return { ...base, grid: { ...base.grid, root }, panels: { markets: base.panels.markets! } };
}

/** The review's file as text: written by hand, as JSON.stringify itself overflows at 5,000. */
function nestedFile(depth: number): string {
  const text = JSON.stringify(workspaceFile('Deep', nestedLayout(1)));
  const leaf = '{"type":"leaf","data":{"id":"deep","views":["markets"],"activeView":"markets"}}';
  return text.replace(`{"type":"branch","data":[${leaf}]}`, `${'{"type":"branch","data":['.repeat(depth)}${leaf}${']}'.repeat(depth)}`);
}

describe('a workspace file nested deep (review finding 3)', () => {
  it.each([700, 5000])('%i branches deep is refused naming the depth, nothing thrown', (depth) => {
    const text = nestedFile(depth);
    expect(text.length).toBeGreaterThan(depth * 20);
    expect(readWorkspaceFile(text)).toEqual({ ok: false, problem: 'layout.grid.root: splits are nested more than 12 deep' });
  });

  it('stored deep gives the presets and a notice naming the field', async () => {
    const state = { active: 'x', workspaces: { x: { name: 'X', layout: nestedLayout(700), saved: null } } };
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify({ state, version: 1 }));
    await useWorkspaceStore.persist.rehydrate();
    expect(useWorkspaceStore.getState().active).toBe('trade');
    expect(toasts().at(-1)?.detail).toBe('workspaces.x.layout.grid.root: splits are nested more than 12 deep');
  });

  it('too many panels, or a file far over a workspace file’s size, is refused before it is read', () => {
    const wide = presetLayout('watch');
    const manyPanels = { ...wide, panels: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, { id: `p${i}` }])) };
    expect(readWorkspaceFile(JSON.stringify(workspaceFile('Wide', manyPanels)))).toMatchObject({ ok: false, problem: 'layout.panels: more than 50 panels' });
    expect(readWorkspaceFile(' '.repeat(300 * 1024))).toMatchObject({ ok: false, problem: expect.stringMatching(/larger than 256 kB/) });
  });
});

describe('a settings file binding keys the editor refuses (review finding 4)', () => {
  const withKeys = (keys: Record<string, string>) => settingsFile({ ...DEFAULT_SETTINGS, keys });

  it('Escape, Enter for buy and sell, a key another command has: refused naming each', () => {
    expect(readSettingsFile(withKeys({ 'palette.open': 'Escape' }))).toEqual({ ok: false, reason: 'keys.palette.open: Escape is kept for the ticket and dialogs' });
    const enter = readSettingsFile(withKeys({ 'ticket.buy': 'Enter', 'ticket.sell': 'Enter' }));
    expect(enter).toMatchObject({ ok: false, reason: expect.stringContaining('keys.ticket.buy: Enter is kept') });
    expect(enter).toMatchObject({ ok: false, reason: expect.stringContaining('keys.ticket.sell: Enter is kept') });
    expect(readSettingsFile(withKeys({ 'ticket.buy': 'S' }))).toEqual({ ok: false, reason: 'keys.ticket.buy: S is also the key of ticket.sell' });
    expect(readSettingsFile(withKeys({ 'ticket.buy': 'X', 'ticket.sell': 'X' }))).toEqual({ ok: false, reason: 'keys.ticket.sell: X is also the key of ticket.buy' });
    // A key refused leaves the default in force: binding B elsewhere is named there.
    expect(readSettingsFile(withKeys({ 'ticket.buy': 'Enter', 'markets.search': 'B' }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('keys.markets.search: B is also the key of ticket.buy'),
    });
    expect(readSettingsFile(withKeys({ 'orders.cancelAll': 'C' }))).toMatchObject({ ok: false, reason: expect.stringMatching(/^keys\.orders\.cancelAll: /) });
    expect(readSettingsFile(withKeys({ 'ticket.buy': 'ctrl+b' }))).toMatchObject({ ok: false });
  });

  it('what the editor allows is read: a new key, two keys swapped', () => {
    expect(readSettingsFile(withKeys({ 'ticket.buy': 'Alt+B' }))).toMatchObject({ ok: true });
    expect(readSettingsFile(withKeys({ 'ticket.buy': 'S', 'ticket.sell': 'B' }))).toMatchObject({ ok: true });
    expect(rebind({}, 'ticket.buy', 'Escape')).toMatchObject({ ok: false, reason: 'Escape is kept for the ticket and dialogs; choose another key.' });
    expect(rebind({}, 'ticket.buy', 'S')).toMatchObject({ ok: false, reason: 'S is already "Sell side" (Ticket); change that one first.' });
    expect(rebind({}, 'ticket.buy', 'Alt+B')).toEqual({ ok: true, overrides: { 'ticket.buy': 'Alt+B' } });
  });

  it('stored with a refused key gives the defaults and a notice', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ state: { ...DEFAULT_SETTINGS, theme: 'dark', keys: { 'ticket.sell': 'Enter' } }, version: 2 }));
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState().theme).toBe('system');
    expect(useSettingsStore.getState().keys).toEqual({});
    expect(toasts().at(-1)?.detail).toBe('keys.ticket.sell: Enter is kept for the ticket and dialogs');
  });
});

describe('a workspace over the browser’s storage quota (review finding 4)', () => {
  it('is refused with a notice and undone, never kept only until the next load', () => {
    // On the instance: happy-dom binds a Storage's methods to it, so a spy on the prototype misses.
    const setItem = localStorage.setItem.bind(localStorage);
    vi.spyOn(localStorage, 'setItem').mockImplementation((key: string, value: string) => {
      if (key === WORKSPACE_STORAGE_KEY && value.length > 20_000) throw new DOMException('full', 'QuotaExceededError');
      setItem(key, value);
    });
    useWorkspaceStore.getState().actions.switchTo('batch');
    const before = useWorkspaceStore.getState().active;
    const huge = { ...presetLayout('watch'), filler: 'x'.repeat(30_000) };
    expect(() => useWorkspaceStore.getState().actions.saveAs('Huge', huge)).not.toThrow();
    expect(toasts().at(-1)).toMatchObject({ tone: 'error', title: "Not saved: your workspaces do not fit in the browser's storage" });
    expect(useWorkspaceStore.getState().active).toBe(before);
    expect(JSON.parse(localStorage.getItem(WORKSPACE_STORAGE_KEY) ?? '{}').state.active).toBe('batch');
    expect(Object.values(useWorkspaceStore.getState().workspaces).map((workspace) => workspace.name)).not.toContain('Huge');
  });
});

describe('Save as from a preset, and Reset (issue 26)', () => {
  it('never changes the built-in: the changes go with the copy; a renamed preset resets to its own name', async () => {
    const user = userEvent.setup();
    const moved = presetLayout('batch');
    useWorkspaceStore.getState().actions.keep('trade', moved);
    render(<LayoutMenu panels={panels} />);
    await user.click(screen.getByText('Layout: Trade'));
    // The menu's body is its own chunk: the first open fetches it.
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 10_000 }), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save as' }));
    const state = useWorkspaceStore.getState();
    expect(state.workspaces[state.active]).toMatchObject({ name: 'Mine', saved: moved });
    expect(state.workspaces.trade).toEqual({ name: 'Trade', layout: null, saved: null });
    // Renamed, then reset: the preset is the terminal's own again.
    await user.click(screen.getByRole('radio', { name: 'Trade' }));
    useWorkspaceStore.getState().actions.keep('trade', moved);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(useWorkspaceStore.getState().workspaces.trade?.name).toBe('Mine 2');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(useWorkspaceStore.getState().workspaces.trade).toEqual({ name: 'Trade', layout: null, saved: null });
  });
});
