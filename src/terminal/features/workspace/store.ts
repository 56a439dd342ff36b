import { msg, t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { create } from 'zustand';
import { persisted } from '@/terminal/shared/persist/persistedStore';
import { WORKSPACE_VERSION, workspaceMigrations, workspaceSchemaSaying } from '@/interface/preferences';
import type { DockLayout } from './model/dockLayout';
import { layoutLimitWords } from './model/layoutLimits';
import { DEFAULT_WORKSPACE, isPresetId, PRESET_IDS, PRESETS, presetLayout } from './model/presets';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

export const WORKSPACE_STORAGE_KEY = 'perp-terminal.workspace';

/**
 * A named arrangement of the panels (its shape is the interface's: the proxy keeps a desk user's
 * workspaces and checks them with it). A preset's entry holds the trader's changes to it (Reset
 * brings the preset back); a saved one holds the layout it was saved with (`saved`) and the
 * layout as the trader has since left it (`layout`).
 */
export const workspaceSchema = workspaceSchemaSaying(layoutLimitWords);
export type Workspace = z.infer<typeof workspaceSchema>;

/** Workspaces kept at most: far more than a trader switches between, few enough to fit in storage. */
export const MAX_WORKSPACES = 50;

const storedWorkspacesSchema = z.object({
  active: z.string(),
  workspaces: z
    .record(z.string(), workspaceSchema)
    .check(z.refine((workspaces) => Object.keys(workspaces).length <= MAX_WORKSPACES, { message: `at most ${MAX_WORKSPACES} workspaces` })),
});
type StoredWorkspaces = z.infer<typeof storedWorkspacesSchema>;

const presetEntries = (): Record<string, Workspace> =>
  Object.fromEntries(PRESET_IDS.map((id) => [id, { name: PRESETS[id].name, layout: null, saved: null }]));

interface WorkspaceState extends StoredWorkspaces {
  /** Raised whenever the dock must load the active layout again (a switch, a reset, an import). */
  opened: number;
  actions: {
    switchTo(id: string): void;
    /**
     * The docking layout of workspace `id` changed (a drag, a resize, a panel closed). Named, not
     * the active one: a dock kept warm, or a save that lands after a switch, is still that dock's.
     */
    keep(id: string, layout: DockLayout): void;
    /**
     * A new saved workspace, made active. Saved from a preset, it takes the changes made to the
     * preset with it, and the preset is itself again: Save as never changes a built-in. Undefined
     * when MAX_WORKSPACES are kept already.
     */
    saveAs(name: string, layout: DockLayout): string | undefined;
    rename(id: string, name: string): void;
    remove(id: string): void;
    /** Back to how it was saved; a preset back to the terminal's own, its name too. */
    reset(id: string): void;
    /**
     * A workspace as the trader left it in another browser (a desk user's, from the proxy);
     * undefined: removed there. The dock shows it at once when it is the active one.
     */
    take(id: string, workspace: Workspace | undefined): void;
  };
}

/** The layout a workspace opens with: as left, else as saved, else its preset (Trade for a lost one). */
export function layoutOf(id: string, workspace: Workspace | undefined): DockLayout {
  return workspace?.layout ?? workspace?.saved ?? presetLayout(isPresetId(id) ? id : DEFAULT_WORKSPACE);
}

/** A name not yet taken: "Mine", then "Mine 2", "Mine 3"… (short enough for the stored shape). */
export function freeName(wanted: string, workspaces: Record<string, Workspace>): string {
  const name = wanted.slice(0, 72);
  const taken = new Set(Object.values(workspaces).map((workspace) => workspace.name));
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name} ${n}`)) n++;
  return `${name} ${n}`;
}

let lastId = 0;
const newId = () => `saved-${Date.now().toString(36)}-${(++lastId).toString(36)}`;

export const useWorkspaceStore = create<WorkspaceState>()(
  persisted(
    (set, get) => ({
      active: DEFAULT_WORKSPACE,
      workspaces: presetEntries(),
      opened: 0,
      actions: {
        switchTo(id) {
          if (get().workspaces[id]) set((state) => ({ active: id, opened: state.opened + 1 }));
        },
        keep(id, layout) {
          set((state) => {
            const current = state.workspaces[id];
            if (!current) return {};
            return { workspaces: { ...state.workspaces, [id]: { ...current, layout } } };
          });
        },
        saveAs(name, layout) {
          if (Object.keys(get().workspaces).length >= MAX_WORKSPACES) return undefined;
          const id = newId();
          set((state) => {
            const from = state.workspaces[state.active];
            const preset = isPresetId(state.active) && from ? { [state.active]: { ...from, layout: null } } : {};
            const entry = { name: freeName(name.trim() || t`My layout`, state.workspaces), layout: null, saved: layout };
            return { active: id, opened: state.opened + 1, workspaces: { ...state.workspaces, ...preset, [id]: entry } };
          });
          return id;
        },
        rename(id, name) {
          set((state) => {
            const current = state.workspaces[id];
            if (!current || !name.trim()) return {};
            const others = { ...state.workspaces };
            delete others[id];
            return { workspaces: { ...state.workspaces, [id]: { ...current, name: freeName(name.trim(), others) } } };
          });
        },
        remove(id) {
          // The presets stay: there is always something to switch to.
          if (isPresetId(id)) return;
          set((state) => {
            const workspaces = { ...state.workspaces };
            delete workspaces[id];
            return { workspaces, active: state.active === id ? DEFAULT_WORKSPACE : state.active, opened: state.opened + 1 };
          });
        },
        reset(id) {
          set((state) => {
            const current = state.workspaces[id];
            if (!current) return {};
            const name = isPresetId(id) ? PRESETS[id].name : current.name;
            return { workspaces: { ...state.workspaces, [id]: { ...current, name, layout: null } }, opened: state.opened + 1 };
          });
        },
        take(id, workspace) {
          const state = get();
          if (workspace === undefined) {
            if (state.workspaces[id]) get().actions.remove(id);
            return;
          }
          // Past the most this browser keeps, a new one stays on the proxy only.
          if (!state.workspaces[id] && Object.keys(state.workspaces).length >= MAX_WORKSPACES) return;
          set({ workspaces: { ...state.workspaces, [id]: workspace }, opened: state.opened + (state.active === id ? 1 : 0) });
        },
      },
    }),
    {
      name: WORKSPACE_STORAGE_KEY,
      what: msg`workspaces`,
      version: WORKSPACE_VERSION,
      migrations: workspaceMigrations,
      schema: storedWorkspacesSchema,
      partialize: ({ active, workspaces }) => ({ active, workspaces }),
      guardLoad: true,
    },
  ),
);

/**
 * A stored value replaces the defaults field by field: the presets (one added by a later build
 * too) are put back when missing, and a lost active workspace gives way to Trade.
 */
function putPresetsBack(state: StoredWorkspaces): void {
  const missing = PRESET_IDS.filter((id) => !state.workspaces[id]);
  const lost = !state.workspaces[state.active];
  if (missing.length === 0 && !lost) return;
  useWorkspaceStore.setState({
    opened: useWorkspaceStore.getState().opened + 1,
    workspaces: { ...presetEntries(), ...state.workspaces },
    active: lost ? DEFAULT_WORKSPACE : state.active,
  });
}
putPresetsBack(useWorkspaceStore.getState());
useWorkspaceStore.subscribe(putPresetsBack);

export const useOpenedCount = () => useWorkspaceStore((state) => state.opened);
export const useActiveWorkspaceId = () => useWorkspaceStore((state) => state.active);
export const useWorkspaces = () => useWorkspaceStore((state) => state.workspaces);
export const useWorkspaceActions = () => useWorkspaceStore((state) => state.actions);
