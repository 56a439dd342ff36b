import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LayoutMenu } from '@/terminal/features/workspace';
import { keepKnownPanels, panelsOf } from '@/terminal/features/workspace/model/dockLayout';
import { presetLayout } from '@/terminal/features/workspace/model/presets';
import { readWorkspaceFile, workspaceFile } from '@/terminal/features/workspace/model/workspaceFile';
import { layoutToOpen, reportDropped } from '@/terminal/features/workspace/open';
import { useWorkspaceStore, WORKSPACE_STORAGE_KEY } from '@/terminal/features/workspace/store';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';

const initial = useWorkspaceStore.getState();
afterEach(() => useWorkspaceStore.setState(initial, true));

const KNOWN = new Set(['markets', 'ticket', 'orders', 'account']);
const toasts = () => useToastStore.getState().toasts;
const panels = { markets: { title: 'Markets', Component: () => null, useHeader: () => ({ text: '', stale: false }), label: 'Markets' } };

describe('a layout with a panel this terminal lacks', () => {
  it('opens without it (and without the group it was alone in), the rest as it was', () => {
    const trade = presetLayout('trade');
    expect(panelsOf(trade)).toEqual(['markets', 'chart', 'orders', 'account', 'ticket']);
    const kept = keepKnownPanels(trade, KNOWN);
    expect(kept.dropped).toEqual(['chart']);
    expect(panelsOf(kept.layout!)).toEqual(['markets', 'orders', 'account', 'ticket']);
    expect(kept.layout!.panels.chart).toBeUndefined();
  });

  it('of the trader opens with a notice naming it; a preset quietly; nothing left gives the preset, never a blank screen', () => {
    const own = presetLayout('batch');
    const workspace = { name: 'Mine', layout: own, saved: null };
    const opened = layoutToOpen('saved-1', workspace, new Set(['markets', 'ticket']));
    expect(opened.dropped.sort()).toEqual(['account', 'orders']);
    reportDropped('Mine', opened.dropped);
    expect(toasts().map((toast) => toast.title)).toEqual(['Layout “Mine” opened without Account, Orders']);
    expect(layoutToOpen('watch', undefined, KNOWN).dropped).toEqual([]);
    const nothingLeft = layoutToOpen('saved-2', { name: 'Gone', layout: null, saved: presetLayout('watch') }, new Set(['ticket', 'orders']));
    expect(panelsOf(nothingLeft.layout).sort()).toEqual(['orders', 'ticket']);
  });
});

describe('the stored workspaces', () => {
  it('a value of an older version gives the presets and a notice saying so', async () => {
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify({ state: { active: 'mine', workspaces: {} }, version: 0 }));
    await useWorkspaceStore.persist.rehydrate();
    expect(useWorkspaceStore.getState().active).toBe('trade');
    expect(Object.keys(useWorkspaceStore.getState().workspaces).sort()).toEqual(['batch', 'trade', 'watch']);
    const notice = toasts().find((toast) => toast.id === `stored:${WORKSPACE_STORAGE_KEY}`);
    expect(notice?.detail).toMatch(/saved in version 0/);
  });

  it('a layout of the wrong shape names the field; a good one loads with the presets put back', async () => {
    const layout = presetLayout('watch');
    const bad = { ...layout, grid: { ...layout.grid, orientation: 'DIAGONAL' } };
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify({ state: { active: 'x', workspaces: { x: { name: 'X', layout: bad, saved: null } } }, version: 1 }));
    await useWorkspaceStore.persist.rehydrate();
    expect(toasts().at(-1)?.detail).toMatch(/workspaces\.x\.layout\.grid\.orientation/);
    useToastStore.setState({ toasts: [], seen: new Set() });
    localStorage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify({ state: { active: 'x', workspaces: { x: { name: 'X', layout, saved: null } } }, version: 1 }));
    await useWorkspaceStore.persist.rehydrate();
    const state = useWorkspaceStore.getState();
    expect(state.active).toBe('x');
    expect(state.workspaces.x?.layout).toEqual(layout);
    expect(Object.keys(state.workspaces).sort()).toEqual(['batch', 'trade', 'watch', 'x']);
    expect(toasts()).toEqual([]);
  });

  it('save as, rename, reset and delete', () => {
    const { actions } = useWorkspaceStore.getState();
    const id = actions.saveAs('Trade', presetLayout('watch'))!;
    expect(useWorkspaceStore.getState().workspaces[id]?.name).toBe('Trade 2');
    actions.keep(id, presetLayout('batch'));
    expect(useWorkspaceStore.getState().workspaces[id]?.layout).toEqual(presetLayout('batch'));
    // A save that lands after a switch stays with the workspace it was made in.
    actions.switchTo('trade');
    actions.keep(id, presetLayout('watch'));
    expect(useWorkspaceStore.getState().workspaces.trade?.layout).toBeNull();
    actions.switchTo(id);
    actions.reset(id);
    expect(useWorkspaceStore.getState().workspaces[id]).toMatchObject({ layout: null, saved: presetLayout('watch') });
    actions.rename(id, 'Scalping');
    expect(useWorkspaceStore.getState().workspaces[id]?.name).toBe('Scalping');
    actions.remove('trade');
    actions.remove(id);
    expect(Object.keys(useWorkspaceStore.getState().workspaces).sort()).toEqual(['batch', 'trade', 'watch']);
    expect(useWorkspaceStore.getState().active).toBe('trade');
  });
});

describe('importing a workspace file', () => {
  it('names what is wrong with a bad file', () => {
    expect(readWorkspaceFile('not json')).toEqual({ ok: false, problem: 'It is not JSON.' });
    expect(readWorkspaceFile('{"kind":"other"}')).toMatchObject({ ok: false, problem: expect.stringMatching(/not a workspace file/) });
    const file = workspaceFile('Mine', presetLayout('watch'));
    expect(readWorkspaceFile(JSON.stringify({ ...file, version: 9 }))).toMatchObject({ ok: false, problem: expect.stringMatching(/version 9/) });
    const broken = { ...file, layout: { ...file.layout, panels: { markets: { title: 3 } } } };
    expect(readWorkspaceFile(JSON.stringify(broken))).toMatchObject({ ok: false, problem: expect.stringMatching(/layout\.panels\.markets\.id/) });
    expect(readWorkspaceFile(JSON.stringify(file))).toEqual({ ok: true, file });
  });

  it('a bad file changes nothing and says why; a good one becomes a saved workspace', async () => {
    const user = userEvent.setup();
    render(<LayoutMenu panels={panels} />);
    const before = useWorkspaceStore.getState().workspaces;
    // What the menu opens on is its own chunk, fetched when the trader reaches for it.
    expect(screen.queryByLabelText('Import a workspace file')).toBeNull();
    await user.click(screen.getByText('Layout: Trade'));
    const input = await screen.findByLabelText('Import a workspace file');
    await user.upload(input, new File(['{"kind":"perp-terminal.workspace","version":1}'], 'mine.json', { type: 'application/json' }));
    await expect.poll(() => toasts().at(-1)?.title).toBe('mine.json was not imported');
    expect(toasts().at(-1)?.detail).toMatch(/name/);
    expect(useWorkspaceStore.getState().workspaces).toBe(before);
    const good = JSON.stringify(workspaceFile('Desk two', presetLayout('batch')));
    await user.upload(input, new File([good], 'desk.json', { type: 'application/json' }));
    await expect.poll(() => useWorkspaceStore.getState().workspaces[useWorkspaceStore.getState().active]?.name).toBe('Desk two');
  });
});
