import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_VERSION, WORKSPACE_VERSION, type Workspace } from '@/interface/preferences';
import { DEFAULT_SETTINGS, settingsPreferences, useSettingsStore } from '@/terminal/features/settings';
import { workspacePreferences, useWorkspaceStore } from '@/terminal/features/workspace';
import { presetLayout } from '@/terminal/features/workspace/model/presets';
import { usePreferenceSync } from '@/terminal/shared/persist/usePreferenceSync';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';

const SOURCES = [settingsPreferences, workspacePreferences];
const alice = { name: 'alice', roles: ['trader'], accounts: '*', implicit: false };
const implicit = { name: 'terminal', roles: ['admin', 'trader'], accounts: '*', implicit: true };

interface Call {
  method: string;
  path: string;
  body?: { version: number; value: unknown };
}

/** The proxy as the terminal sees it: who is signed in, and that person's stored preferences. */
function fakeProxy(person: object | undefined) {
  const stored = new Map<string, { version: number; value: unknown; updatedAt: number }>();
  const calls: Call[] = [];
  const answer = (data: unknown, status = 200) => new Response(JSON.stringify(status === 200 ? { success: true, data, timestamp: 1 } : data), { status });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(init.body as string) as Call['body']) : undefined;
    calls.push({ method, path: input, ...(body ? { body } : {}) });
    if (input === '/api/session') return answer({ authenticated: true, ...(person ? { person } : {}) });
    if (input === '/api/me/preferences') return answer({ rows: [...stored].map(([key, row]) => ({ key, ...row })) });
    const key = decodeURIComponent(input.replace('/api/me/preferences/', ''));
    if (method === 'PUT' && body) {
      stored.set(key, { ...body, updatedAt: 2 });
      return answer({ key, ...body, updatedAt: 2 });
    }
    if (method === 'DELETE') return answer({ key, removed: stored.delete(key) });
    return answer({ success: false, code: -1006, message: 'no such route' }, 404);
  });
  return { stored, calls, preferenceCalls: () => calls.filter((call) => call.path.startsWith('/api/me/')) };
}

function Host({ signedIn = true }: { signedIn?: boolean }) {
  usePreferenceSync(signedIn, SOURCES);
  return null;
}

const settingsInitial = useSettingsStore.getState();
const workspacesInitial = useWorkspaceStore.getState();
const mine: Workspace = { name: 'Scalping', layout: null, saved: presetLayout('batch') as Workspace['saved'] };
const focus = () => act(() => void window.dispatchEvent(new Event('focus')));
const SYNC = { timeout: 3000 };

beforeEach(() => {
  useSettingsStore.setState(settingsInitial, true);
  useWorkspaceStore.setState(workspacesInitial, true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preferences following a desk user', () => {
  it('takes a workspace another browser changed on the next focus, showing the active one at once', async () => {
    const proxy = fakeProxy(alice);
    render(<Host />);
    // The first sync sends what only this browser had: the settings and each workspace.
    await waitFor(() => expect(proxy.stored.has('settings')).toBe(true), SYNC);
    await waitFor(() => expect(proxy.stored.has('workspace.trade')).toBe(true), SYNC);
    proxy.stored.set('workspace.saved-9', { version: WORKSPACE_VERSION, value: mine, updatedAt: 3 });
    const trade = { name: 'Trade', layout: presetLayout('watch'), saved: null };
    proxy.stored.set('workspace.trade', { version: WORKSPACE_VERSION, value: trade, updatedAt: 3 });
    const opened = useWorkspaceStore.getState().opened;
    expect(useWorkspaceStore.getState().workspaces['saved-9']).toBeUndefined();
    focus();
    await waitFor(() => expect(useWorkspaceStore.getState().workspaces['saved-9']).toEqual(mine), SYNC);
    expect(useWorkspaceStore.getState().workspaces.trade).toEqual(trade);
    expect(useWorkspaceStore.getState().opened).toBeGreaterThan(opened);
    // Removed in the other browser: removed here on the next focus.
    proxy.stored.delete('workspace.saved-9');
    focus();
    await waitFor(() => expect(useWorkspaceStore.getState().workspaces['saved-9']).toBeUndefined(), SYNC);
  });

  it('sends a change made here once, after the trader stops changing, and nothing it took from the proxy', async () => {
    const proxy = fakeProxy(alice);
    proxy.stored.set('settings', { version: SETTINGS_VERSION, value: { ...DEFAULT_SETTINGS, theme: 'light' }, updatedAt: 1 });
    render(<Host />);
    await waitFor(() => expect(useSettingsStore.getState().theme).toBe('light'), SYNC);
    await waitFor(() => expect(proxy.stored.has('workspace.trade')).toBe(true), SYNC);
    // What it took from the proxy is not sent back.
    expect(proxy.calls.filter((call) => call.path === '/api/me/preferences/settings')).toEqual([]);
    const before = proxy.preferenceCalls().length;
    const { change } = useSettingsStore.getState().actions;
    // A trader trying themes: three changes 0.1 s apart.
    for (const patch of [{ theme: 'dark' }, { theme: 'contrast' }, { density: 'compact' }] as const) {
      act(() => change(patch));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitFor(() => expect(proxy.stored.get('settings')?.value).toMatchObject({ theme: 'contrast', density: 'compact' }), SYNC);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(proxy.preferenceCalls().slice(before)).toEqual([
      { method: 'PUT', path: '/api/me/preferences/settings', body: { version: SETTINGS_VERSION, value: expect.objectContaining({ theme: 'contrast' }) } },
    ]);
  });

  it('keeps what this browser has, with a notice, when the proxy’s value is bad or newer', async () => {
    const proxy = fakeProxy(alice);
    const badSettings = { ...DEFAULT_SETTINGS, theme: 'purple' };
    proxy.stored.set('settings', { version: SETTINGS_VERSION, value: badSettings, updatedAt: 1 });
    proxy.stored.set('workspace.trade', { version: WORKSPACE_VERSION + 1, value: mine, updatedAt: 1 });
    act(() => useSettingsStore.getState().actions.change({ theme: 'dark' }));
    render(<Host />);
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(2), SYNC);
    expect(useToastStore.getState().toasts.map((toast) => [toast.title, toast.detail])).toEqual(
      expect.arrayContaining([
        ['Kept as they are here: your settings saved on the proxy could not be read', expect.stringMatching(/^theme: /)],
        ['Kept as they are here: your workspaces saved on the proxy could not be read', `It was saved by a newer terminal (version ${WORKSPACE_VERSION + 1}; this one reads up to ${WORKSPACE_VERSION}).`],
      ]),
    );
    expect(useSettingsStore.getState().theme).toBe('dark');
    expect(useWorkspaceStore.getState().workspaces.trade?.name).toBe('Trade');
    // What the newer terminal wrote stays on the proxy: nothing here writes over it.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const written = proxy.preferenceCalls().filter((call) => call.method !== 'GET').map((call) => call.path);
    expect(written).not.toContain('/api/me/preferences/settings');
    expect(written).not.toContain('/api/me/preferences/workspace.trade');
    expect(written).toContain('/api/me/preferences/workspace.watch');
  });
});

describe('preferences in single-token mode', () => {
  it.each([
    ['the implicit person', implicit],
    ['a proxy that names no person', undefined],
  ])('stay in this browser with %s: no preference is asked or sent', async (_name, person) => {
    const proxy = fakeProxy(person);
    render(<Host />);
    await waitFor(() => expect(proxy.calls).toEqual([{ method: 'GET', path: '/api/session' }]), SYNC);
    act(() => useSettingsStore.getState().actions.change({ theme: 'dark' }));
    focus();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(proxy.preferenceCalls()).toEqual([]);
  });

  it('asks nothing at all while signed out', async () => {
    const proxy = fakeProxy(alice);
    render(<Host signedIn={false} />);
    focus();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(proxy.calls).toEqual([]);
  });
});
