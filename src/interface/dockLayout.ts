import * as z from 'zod/mini';
import './zod';

/**
 * A workspace's arrangement as the docking library writes it (dockview's `toJSON`): a grid of
 * groups, each a stack of panels shown as tabs. The schema checks what the terminal reads back
 * and keeps what it does not know (sizes, locks), so a layout survives a round trip unchanged.
 * Shared: the terminal reads layouts from files and its storage, the proxy a person's workspaces.
 */

/**
 * How big a layout may be, far beyond what a trader can arrange with the terminal's panels (a
 * preset nests 3 deep, with 7 groups): a file or a stored value past these is refused before it
 * is read further, so no layout can take the page's stack or memory with it.
 */
export const LAYOUT_LIMITS = { depth: 12, nodes: 100, panels: 50, views: 50, floatingGroups: 20 } as const;
/** A workspace file's size, checked before it is parsed. */
export const MAX_LAYOUT_FILE_BYTES = 256 * 1024;

/** A layout past one of LAYOUT_LIMITS, as data: the caller chooses the words. */
export interface LayoutLimitBreach {
  path: (string | number)[];
  limit: 'depth' | 'nodes' | 'panels' | 'floatingGroups';
  max: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The grid's depth and size, walked without recursion: a hostile one cannot overflow the stack. */
function gridBreach(root: unknown): LayoutLimitBreach | undefined {
  const { depth: maxDepth, nodes: maxNodes } = LAYOUT_LIMITS;
  const path = ['grid', 'root'];
  const pending: { node: unknown; depth: number }[] = [{ node: root, depth: 0 }];
  let nodes = 0;
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    nodes += 1;
    if (depth > maxDepth) return { path, limit: 'depth', max: maxDepth };
    if (nodes > maxNodes) return { path, limit: 'nodes', max: maxNodes };
    const children = isObject(node) && node.type === 'branch' && Array.isArray(node.data) ? node.data : [];
    if (children.length > maxNodes) return { path, limit: 'nodes', max: maxNodes };
    for (const child of children) pending.push({ node: child, depth: depth + 1 });
  }
  return undefined;
}

/** What of a layout is past the limits, if anything; the shape itself is the schema's to check. */
export function layoutLimitBreach(layout: unknown): LayoutLimitBreach | undefined {
  if (!isObject(layout)) return undefined;
  const { panels: maxPanels, floatingGroups: maxFloating } = LAYOUT_LIMITS;
  if (isObject(layout.panels) && Object.keys(layout.panels).length > maxPanels) {
    return { path: ['panels'], limit: 'panels', max: maxPanels };
  }
  if (Array.isArray(layout.floatingGroups) && layout.floatingGroups.length > maxFloating) {
    return { path: ['floatingGroups'], limit: 'floatingGroups', max: maxFloating };
  }
  return isObject(layout.grid) ? gridBreach(layout.grid.root) : undefined;
}

/** The words of a breach in plain English (the proxy's); the terminal says them in the trader's language. */
export function layoutLimitEnglish({ limit, max }: LayoutLimitBreach): string {
  if (limit === 'depth') return `splits are nested more than ${max} deep`;
  if (limit === 'nodes') return `more than ${max} splits and groups`;
  if (limit === 'panels') return `more than ${max} panels`;
  return `more than ${max} floating groups`;
}

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

/**
 * The layout's schema, saying a breach of the limits with `words`. Within the limits first: a pipe
 * stops at its first schema's issues, so an oversized shape is never walked.
 */
export function dockLayoutSchemaSaying(words: (breach: LayoutLimitBreach) => string) {
  const withinLimits = z.unknown().check(
    z.superRefine((layout, ctx) => {
      const breach = layoutLimitBreach(layout);
      if (breach) ctx.addIssue({ code: 'custom', input: layout, path: breach.path, message: words(breach) });
    }),
  );
  return z.pipe(withinLimits, dockLayoutShape);
}

export const dockLayoutSchema = dockLayoutSchemaSaying(layoutLimitEnglish);
export type DockLayout = z.infer<typeof dockLayoutSchema>;
