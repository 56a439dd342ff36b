import * as z from 'zod/mini';
import '@/interface/zod';
import { LAYOUT_LIMITS, layoutLimitIssue } from './layoutLimits';

/**
 * A workspace's arrangement as the docking library writes it (dockview's `toJSON`): a grid of
 * groups, each a stack of panels shown as tabs. The schema checks what the terminal reads back
 * and keeps what it does not know (sizes, locks), so a layout survives a round trip unchanged.
 * Its depth and counts are checked first (layoutLimits.ts), before the nested grid is read.
 */
const groupSchema = z.looseObject({
  id: z.string(),
  views: z.array(z.string()).check(z.maxLength(LAYOUT_LIMITS.views)),
  activeView: z.optional(z.string()),
});
export type GroupState = z.infer<typeof groupSchema>;

const leafSchema = z.looseObject({
  type: z.literal('leaf'),
  data: groupSchema,
  size: z.optional(z.number()),
  visible: z.optional(z.boolean()),
});

export type GridLeaf = z.infer<typeof leafSchema>;
export interface GridBranch {
  type: 'branch';
  data: GridNode[];
  size?: number | undefined;
  visible?: boolean | undefined;
  [key: string]: unknown;
}
export type GridNode = GridLeaf | GridBranch;

const branchSchema: z.ZodMiniType<GridBranch> = z.looseObject({
  type: z.literal('branch'),
  get data() {
    return z.array(gridNodeSchema);
  },
  size: z.optional(z.number()),
  visible: z.optional(z.boolean()),
});
const gridNodeSchema: z.ZodMiniType<GridNode> = z.union([leafSchema, branchSchema]);

const panelStateSchema = z.looseObject({
  id: z.string(),
  contentComponent: z.optional(z.string()),
  title: z.optional(z.string()),
});

const floatingGroupSchema = z.looseObject({ data: groupSchema });

const dockLayoutShape = z.looseObject({
  grid: z.looseObject({
    root: gridNodeSchema,
    width: z.number(),
    height: z.number(),
    orientation: z.enum(['HORIZONTAL', 'VERTICAL']),
  }),
  panels: z.record(z.string(), panelStateSchema),
  activeGroup: z.optional(z.string()),
  floatingGroups: z.optional(z.array(floatingGroupSchema)),
});

/** Within the limits first: a pipe stops at its first schema's issues, so the shape is never walked. */
const withinLimits = z.unknown().check(
  z.superRefine((layout, ctx) => {
    const issue = layoutLimitIssue(layout);
    if (issue) ctx.addIssue({ code: 'custom', input: layout, ...issue });
  }),
);
export const dockLayoutSchema = z.pipe(withinLimits, dockLayoutShape);
export type DockLayout = z.infer<typeof dockLayoutSchema>;

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
