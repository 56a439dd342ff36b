import { DockviewComponent, type SerializedDockview } from 'dockview-react';
import type { DockLayout } from '../model/dockLayout';

/**
 * Opens a layout in a dock nobody sees, then closes it: what would break the desk breaks here,
 * before the layout is saved as the active workspace (and opened by every later page). The panels
 * are empty boxes; only the docking library's reading of the layout is tried. Returns the error.
 */
export function openOffScreen(layout: DockLayout): unknown {
  const host = document.createElement('div');
  // Laid out (the library measures it) but out of sight and out of the page's flow.
  host.style.cssText = 'position:fixed;left:-20000px;top:0;width:1440px;height:900px;visibility:hidden;pointer-events:none';
  host.setAttribute('aria-hidden', 'true');
  document.body.append(host);
  let dock: DockviewComponent | undefined;
  try {
    dock = new DockviewComponent(host, { createComponent: () => ({ element: document.createElement('div'), init: () => undefined }) });
    dock.fromJSON(layout as unknown as SerializedDockview);
    return undefined;
  } catch (error) {
    return error;
  } finally {
    dock?.dispose();
    host.remove();
  }
}
