import { Orientation, type AddPanelPositionOptions, type DockviewApi } from 'dockview-react';

/** The narrowest column a panel opened from the Layout menu is given: the ticket's own minimum. */
export const NEW_COLUMN_ROOM = 320;

/**
 * Where a panel opened from the Layout menu goes. A column of its own at the dock's right edge while
 * the dock, shared evenly by its columns and the new one, leaves it that room; else a tab of the
 * active group (of the widest when none is active). A new column the dock has no room for was
 * squeezed to a sliver, and past the columns' minimums pushed out of the window (a risk user at
 * 1280 px who opened Approvals, Desk and Audit had Audit 95 px wide, at 768 px Desk half off screen).
 */
export function placeNew(api: DockviewApi): AddPanelPositionOptions {
  const { root, orientation } = api.toJSON().grid;
  const columns = orientation === Orientation.HORIZONTAL && Array.isArray(root.data) ? root.data.length : 1;
  if (api.width / (columns + 1) >= NEW_COLUMN_ROOM || api.groups.length === 0) return { direction: 'right' };
  const home = api.activeGroup ?? api.groups.reduce((widest, group) => (group.width > widest.width ? group : widest));
  return { referenceGroup: home, direction: 'within' };
}
