import { DockviewApi, DockviewComponent, type SerializedDockview } from 'dockview-react';
import { afterEach, describe, expect, it } from 'vitest';
import { NEW_COLUMN_ROOM, placeNew } from '@/terminal/features/workspace/components/placeNew';
import { dockLayoutOf } from '@/terminal/features/workspace/model/presets';

/*
 * Where the Layout menu puts a panel it opens (placeNew), on the docking library itself laid out at
 * a given size: the library sizes its groups by arithmetic, which happy-dom runs as a browser would.
 */
const hosts: HTMLElement[] = [];
afterEach(() => hosts.splice(0).forEach((host) => host.remove()));

/** A dock of markets, chart and ticket side by side, `width` px wide, with the chart active. */
function dockOf(width: number): DockviewApi {
  const host = document.createElement('div');
  document.body.append(host);
  hosts.push(host);
  const dock = new DockviewComponent(host, { createComponent: () => ({ element: document.createElement('div'), init: () => undefined }) });
  const layout = dockLayoutOf({ row: [[30, { tabs: ['markets'] }], [45, { tabs: ['chart'] }], [25, { tabs: ['ticket'] }]] });
  dock.fromJSON(layout as unknown as SerializedDockview);
  dock.layout(width, 800);
  const api = new DockviewApi(dock);
  api.getPanel('chart')!.api.setActive();
  return api;
}

const open = (api: DockviewApi, id: string) => api.addPanel({ id, component: id, title: id, position: placeNew(api) });
const columns = (api: DockviewApi) => api.groups.map((group) => group.panels.map((panel) => panel.id).join('+'));

describe('a panel opened from the Layout menu', () => {
  it('gets a column of its own while the dock, shared with it, leaves it the room', () => {
    const api = dockOf(1920);
    open(api, 'approvals');
    expect(columns(api)).toEqual(['markets', 'chart', 'ticket', 'approvals']);
    expect(api.getPanel('approvals')!.group.width).toBeGreaterThanOrEqual(NEW_COLUMN_ROOM);
  });

  it('joins the active group as a tab once a new column would be narrower than that', () => {
    const api = dockOf(1280);
    open(api, 'approvals');
    expect(columns(api)).toEqual(['markets', 'chart', 'ticket', 'approvals']);
    open(api, 'desk');
    open(api, 'audit');
    expect(columns(api)).toEqual(['markets', 'chart', 'ticket', 'approvals+desk+audit']);
    expect(Math.min(...api.groups.map((group) => group.width)), api.groups.map((group) => group.width).join()).toBeGreaterThanOrEqual(280);
  });

  it('on a tablet (768 px) is a tab from the first', () => {
    const api = dockOf(768);
    open(api, 'approvals');
    expect(columns(api)).toEqual(['markets', 'chart+approvals', 'ticket']);
  });
});
