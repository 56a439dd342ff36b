import { describe, expect, it } from 'vitest';
import { LAYOUT_LIMITS, type DockLayout, type GridNode } from '@/interface/dockLayout';
import { SETTINGS_VERSION, validatePreference, WORKSPACE_VERSION, workspacePreference } from '@/interface/preferences';

const settings = {
  language: 'de',
  theme: 'dark',
  upDown: 'red-up',
  density: 'compact',
  motion: 'reduced',
  sizeUnit: 'usd',
  sound: { on: true, volume: 0.3 },
  notifications: true,
  keys: { 'ticket.buy': 'U' },
};

const leaf = (id: string, views: string[]): GridNode => ({ type: 'leaf', data: { id, views, activeView: views[0] } });
const layout = (root: GridNode, panels = ['markets', 'ticket']): DockLayout => ({
  grid: { root, width: 1200, height: 800, orientation: 'HORIZONTAL' },
  panels: Object.fromEntries(panels.map((id) => [id, { id, contentComponent: id, title: id }])),
});
const twoPanels = layout({ type: 'branch', data: [leaf('1', ['markets']), leaf('2', ['ticket'])] });

describe('validatePreference', () => {
  it('keeps current settings as they are', () => {
    expect(validatePreference('settings', SETTINGS_VERSION, settings)).toEqual({ ok: true, version: SETTINGS_VERSION, value: settings });
  });

  it('brings settings of an older version up to this one', () => {
    const { language: _language, ...older } = settings;
    expect(validatePreference('settings', 1, older)).toEqual({ ok: true, version: SETTINGS_VERSION, value: { ...settings, language: 'auto' } });
  });

  it('names the field that is wrong', () => {
    expect(validatePreference('settings', SETTINGS_VERSION, { ...settings, theme: 'purple' })).toMatchObject({ ok: false, problem: expect.stringMatching(/^value\.theme: /) });
    expect(validatePreference('settings', SETTINGS_VERSION, { ...settings, sound: { on: true, volume: 3 } })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^value\.sound\.volume: /),
    });
    // The shortcut editor's rules, in plain English words.
    expect(validatePreference('settings', SETTINGS_VERSION, { ...settings, keys: { 'ticket.buy': 'Enter' } })).toEqual({
      ok: false,
      problem: 'value.keys.ticket.buy: Enter is kept for the ticket and dialogs',
    });
  });

  it('refuses a version newer than this build, and one it no longer reads', () => {
    expect(validatePreference('settings', SETTINGS_VERSION + 1, settings)).toEqual({
      ok: false,
      problem: `version: ${SETTINGS_VERSION + 1} is newer than this build reads (up to ${SETTINGS_VERSION})`,
    });
    expect(validatePreference('settings', 0, settings)).toEqual({ ok: false, problem: `version: 0 is no longer read (this build reads ${SETTINGS_VERSION})` });
    expect(validatePreference(workspacePreference('mine'), WORKSPACE_VERSION + 1, {})).toMatchObject({ ok: false, problem: expect.stringMatching(/^version: /) });
  });

  it('checks a workspace entry with its layout, within the layout limits', () => {
    const entry = { name: 'Scalping', layout: twoPanels, saved: null };
    expect(validatePreference(workspacePreference('saved-1'), WORKSPACE_VERSION, entry)).toEqual({ ok: true, version: WORKSPACE_VERSION, value: entry });
    expect(validatePreference(workspacePreference('saved-1'), WORKSPACE_VERSION, { ...entry, name: '' })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^value\.name: /),
    });
    let deep: GridNode = leaf('deep', ['markets']);
    for (let depth = 0; depth <= LAYOUT_LIMITS.depth; depth++) deep = { type: 'branch', data: [deep] };
    expect(validatePreference(workspacePreference('saved-1'), WORKSPACE_VERSION, { ...entry, saved: layout(deep) })).toEqual({
      ok: false,
      problem: `value.saved.grid.root: splits are nested more than ${LAYOUT_LIMITS.depth} deep`,
    });
  });

  it('refuses a key that is neither the settings nor a workspace', () => {
    expect(validatePreference('tickets', 1, {})).toEqual({ ok: false, problem: 'key: expected "settings" or "workspace.<id>"' });
  });
});
