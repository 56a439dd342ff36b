import { plural, t } from '@lingui/core/macro';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import { keepKnownPanels, type DockLayout } from './model/dockLayout';
import { DEFAULT_WORKSPACE, isPresetId, panelTitle, presetLayout } from './model/presets';
import type { Workspace } from './store';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

export interface Opened {
  layout: DockLayout;
  /** Panels of the trader's layout this terminal does not have, left out. */
  dropped: string[];
}

// A panel this terminal does not know has no title in any language: its id, quoted.
const titleOf = (id: string) => panelTitle(id) ?? `"${id}"`;

/**
 * The layout a workspace opens with, holding only panels this terminal has. A preset's panel
 * missing from this build is left out quietly (the preset is the terminal's, not the trader's); one
 * of the trader's layouts is reported. Nothing left at all gives the preset (Trade for a layout of
 * the trader's): never a blank screen.
 */
export function layoutToOpen(id: string, workspace: Workspace | undefined, known: ReadonlySet<string>): Opened {
  const preset = (): DockLayout => {
    const kept = keepKnownPanels(presetLayout(isPresetId(id) ? id : DEFAULT_WORKSPACE), known).layout;
    if (!kept) throw new Error('No preset panel is registered');
    return kept;
  };
  const own = workspace?.layout ?? workspace?.saved;
  if (!own) return { layout: preset(), dropped: [] };
  const kept = keepKnownPanels(own, known);
  return { layout: kept.layout ?? preset(), dropped: kept.dropped };
}

/** The notice for panels left out of a layout, once per workspace and set of panels. */
export function reportDropped(name: string, dropped: readonly string[]): void {
  if (dropped.length === 0) return;
  const panels = dropped.map(titleOf).join(', ');
  const count = dropped.length;
  useToastStore.getState().actions.push({
    id: `workspace-dropped:${name}:${dropped.join(',')}`,
    tone: 'warning',
    title: t`Layout “${name}” opened without ${panels}`,
    detail: plural(count, {
      one: 'This terminal has no such panel; the rest of the layout is as you left it.',
      other: 'This terminal has no such panels; the rest of the layout is as you left it.',
    }),
    timeoutMs: 0,
  });
}
