import { t } from '@lingui/core/macro';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

/**
 * How big a layout may be, far beyond what a trader can arrange with the terminal's panels (a
 * preset nests 3 deep, with 7 groups): a file or a stored value past these is refused before it
 * is read further, so no layout can take the page's stack or memory with it.
 */
export const LAYOUT_LIMITS = { depth: 12, nodes: 100, panels: 50, views: 50, floatingGroups: 20 } as const;
/** A workspace file's size, checked before it is parsed. */
export const MAX_LAYOUT_FILE_BYTES = 256 * 1024;

export interface LimitIssue {
  path: (string | number)[];
  message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The grid's depth and size, walked without recursion: a hostile one cannot overflow the stack. */
function gridIssue(root: unknown): LimitIssue | undefined {
  const { depth: maxDepth, nodes: maxNodes } = LAYOUT_LIMITS;
  const pending: { node: unknown; depth: number }[] = [{ node: root, depth: 0 }];
  let nodes = 0;
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    nodes += 1;
    if (depth > maxDepth) return { path: ['grid', 'root'], message: t`splits are nested more than ${maxDepth} deep` };
    if (nodes > maxNodes) return { path: ['grid', 'root'], message: t`more than ${maxNodes} splits and groups` };
    const children = isObject(node) && node.type === 'branch' && Array.isArray(node.data) ? node.data : [];
    if (children.length > maxNodes) return { path: ['grid', 'root'], message: t`more than ${maxNodes} splits and groups` };
    for (const child of children) pending.push({ node: child, depth: depth + 1 });
  }
  return undefined;
}

/** What of a layout is past the limits, if anything; the shape itself is the schema's to check. */
export function layoutLimitIssue(layout: unknown): LimitIssue | undefined {
  if (!isObject(layout)) return undefined;
  const { panels: maxPanels, floatingGroups: maxFloating } = LAYOUT_LIMITS;
  if (isObject(layout.panels) && Object.keys(layout.panels).length > maxPanels) {
    return { path: ['panels'], message: t`more than ${maxPanels} panels` };
  }
  if (Array.isArray(layout.floatingGroups) && layout.floatingGroups.length > maxFloating) {
    return { path: ['floatingGroups'], message: t`more than ${maxFloating} floating groups` };
  }
  return isObject(layout.grid) ? gridIssue(layout.grid.root) : undefined;
}
