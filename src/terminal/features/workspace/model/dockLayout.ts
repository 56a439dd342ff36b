import { dockLayoutSchemaSaying, type DockLayout, type GridNode, type GroupState } from '@/interface/dockLayout';
import { layoutLimitWords } from './layoutLimits';

// The layout's shape is the interface's (the proxy checks a person's stored workspaces with it);
// a breach of its limits is said in the trader's language here.
export type { DockLayout, GridBranch, GridLeaf, GridNode, GroupState } from '@/interface/dockLayout';
export const dockLayoutSchema = dockLayoutSchemaSaying(layoutLimitWords);

/** The panels a layout shows, in the order they appear in its grid, then its floating groups. */
export function panelsOf(layout: DockLayout): string[] {
  const ids: string[] = [];
  const walk = (node: GridNode) => {
    if (node.type === 'leaf') ids.push(...node.data.views);
    else node.data.forEach(walk);
  };
  walk(layout.grid.root);
  for (const floating of layout.floatingGroups ?? []) ids.push(...floating.data.views);
  return ids;
}

/** The component a panel of the layout shows: its own id unless it names another. */
const componentOf = (layout: DockLayout, view: string) => layout.panels[view]?.contentComponent ?? view;

function keepGroup(group: GroupState, keep: (view: string) => boolean): GroupState | undefined {
  const views = group.views.filter(keep);
  if (views.length === 0) return undefined;
  const activeView = group.activeView !== undefined && views.includes(group.activeView) ? group.activeView : views[0];
  return { ...group, views, activeView };
}

function keepNode(node: GridNode, keep: (view: string) => boolean): GridNode | undefined {
  if (node.type === 'leaf') {
    const data = keepGroup(node.data, keep);
    return data ? { ...node, data } : undefined;
  }
  const data = node.data.flatMap((child) => keepNode(child, keep) ?? []);
  return data.length > 0 ? { ...node, data } : undefined;
}

export interface Kept {
  /** The layout without the dropped panels; undefined when nothing of it is left to show. */
  layout: DockLayout | undefined;
  /** The panels left out: their component is not one this terminal has. */
  dropped: string[];
}

/**
 * The layout with only the panels this terminal has: a panel of an older or newer build, or one a
 * hand-edited file names, is left out (with its group, when it was the group's only panel) rather
 * than opening as a blank box.
 */
export function keepKnownPanels(layout: DockLayout, known: ReadonlySet<string>): Kept {
  const isKnown = (view: string) => known.has(componentOf(layout, view)) && layout.panels[view] !== undefined;
  const dropped = [...new Set(panelsOf(layout).filter((view) => !isKnown(view)).map((view) => componentOf(layout, view)))];
  if (dropped.length === 0) return { layout, dropped };
  const root = keepNode(layout.grid.root, isKnown);
  if (!root) return { layout: undefined, dropped };
  const panels = Object.fromEntries(Object.entries(layout.panels).filter(([view]) => isKnown(view)));
  const floatingGroups = (layout.floatingGroups ?? []).flatMap((floating) => {
    const data = keepGroup(floating.data, isKnown);
    return data ? [{ ...floating, data }] : [];
  });
  // The active group may have been one of those left out: the library picks another.
  const { activeGroup: _activeGroup, ...rest } = layout;
  return { layout: { ...rest, grid: { ...layout.grid, root }, panels, floatingGroups }, dropped };
}
