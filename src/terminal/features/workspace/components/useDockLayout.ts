import type { DockviewApi, SerializedDockview } from 'dockview-react';
import { t } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import { useDeskStore } from '../deskStore';
import type { DockLayout } from '../model/dockLayout';
import { workspaceName } from '../model/presets';
import { layoutToOpen, reportDropped } from '../open';
import { useOpenedCount, useWorkspaceStore, type Workspace } from '../store';

// The stored layout is the library's own JSON, checked by the schema on every load; the two types
// differ only in how exactly they spell it (an enum against its string values).
const toDock = (layout: DockLayout) => layout as unknown as SerializedDockview;
export const fromDock = (api: DockviewApi) => api.toJSON() as unknown as DockLayout;

/** What a dock shows, as the store held it: the same objects mean nothing changed since. */
type Shown = Pick<Workspace, 'layout' | 'saved'>;
const sameAs = (shown: Shown | undefined, workspace: Workspace | undefined) =>
  shown !== undefined && workspace !== undefined && shown.layout === workspace.layout && shown.saved === workspace.saved;
/** What the store holds for workspace `id` now, to compare with later. */
const shownNow = (id: string): Shown | undefined => {
  const workspace = useWorkspaceStore.getState().workspaces[id];
  return workspace && { layout: workspace.layout, saved: workspace.saved };
};

/** Opens the workspace's layout in the dock; a layout that does not open gives Trade and a notice. */
function load(api: DockviewApi, id: string, known: ReadonlySet<string>): void {
  const { workspaces, actions } = useWorkspaceStore.getState();
  const workspace = workspaces[id];
  const open = layoutToOpen(id, workspace, known);
  try {
    api.fromJSON(toDock(open.layout));
  } catch (error) {
    api.fromJSON(toDock(layoutToOpen('trade', undefined, known).layout));
    const [name, trade] = [workspaceName(id, workspace), workspaceName('trade', workspaces.trade)];
    useToastStore.getState().actions.push({
      id: `workspace-broken:${id}`,
      tone: 'warning',
      title: t`Layout “${name}” could not be opened; ${trade} is shown`,
      detail: String(error),
      timeoutMs: 0,
    });
  }
  reportDropped(workspaceName(id, workspace), open.dropped);
  if (open.dropped.length > 0) actions.keep(id, fromDock(api));
}

const showPanelsOf = (api: DockviewApi) => useDeskStore.getState().actions.show(api.panels.map((panel) => panel.id));

/**
 * Loads workspace `id`'s layout into its dock, and keeps what the trader does to it. A dock kept
 * warm is shown again as it was left, without loading, unless its stored layout changed meanwhile
 * (a reset, an import): the switch back then costs no rebuild of the dock. A dock made for a
 * switch is filled the frame after it was made, hidden, and says so (`onLoaded`): making and
 * filling a dock in one frame was more than a frame's work.
 */
export function useDockLayout(
  api: DockviewApi | undefined,
  id: string,
  active: boolean,
  known: ReadonlySet<string>,
  onLoaded: (id: string) => void,
) {
  const opened = useOpenedCount();
  const loading = useRef(false);
  const shown = useRef<Shown | undefined>(undefined);
  const isActive = useRef(active);
  useEffect(() => {
    isActive.current = active;
  }, [active]);

  useEffect(() => {
    if (!api) return;
    const loadNow = () => {
      loading.current = true;
      try {
        load(api, id, known);
      } finally {
        loading.current = false;
      }
      shown.current = shownNow(id);
    };
    if (!active) {
      if (shown.current) return;
      const frame = requestAnimationFrame(() => {
        loadNow();
        onLoaded(id);
      });
      return () => cancelAnimationFrame(frame);
    }
    if (!sameAs(shown.current, useWorkspaceStore.getState().workspaces[id])) loadNow();
    showPanelsOf(api);
  }, [api, id, active, opened, known, onLoaded]);

  useEffect(() => {
    if (!api) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      timer = undefined;
      useWorkspaceStore.getState().actions.keep(id, fromDock(api));
      shown.current = shownNow(id);
    };
    const listener = api.onDidLayoutChange(() => {
      if (isActive.current) showPanelsOf(api);
      if (loading.current) return;
      // A splitter drag changes the layout on every frame: it is saved once the hand rests.
      clearTimeout(timer);
      timer = setTimeout(save, 300);
    });
    return () => {
      listener.dispose();
      // A dock that goes (a phone's rotation) still keeps the last thing done to it.
      if (timer !== undefined) {
        clearTimeout(timer);
        save();
      }
    };
  }, [api, id]);
}
