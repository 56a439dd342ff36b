import { msg } from '@lingui/core/macro';
import { describeIssues } from '@/interface';
import { WORKSPACE_VERSION, workspaceMigrations, workspaceOfPreference, workspacePreference } from '@/interface/preferences';
import { migrateStored, UnreadableStoredValue } from '@/terminal/shared/persist/persistedStore';
import type { PreferenceSource } from '@/terminal/shared/persist/remotePreferences';
import { useWorkspaceStore, workspaceSchema, type Workspace } from './store';

/**
 * Each workspace as a desk user's preference ("workspace.<id>"), checked as a stored one is: two
 * browsers changing one workspace, the last write wins; changing two, each keeps its own.
 */
export const workspacePreferences: PreferenceSource = {
  what: msg`workspaces`,
  version: WORKSPACE_VERSION,
  owns: (key) => workspaceOfPreference(key) !== undefined,
  local: () => Object.fromEntries(Object.entries(useWorkspaceStore.getState().workspaces).map(([id, workspace]) => [workspacePreference(id), workspace])),
  read(_key, version, value) {
    const checked = workspaceSchema.safeParse(migrateStored(value, version, WORKSPACE_VERSION, workspaceMigrations));
    if (!checked.success) throw new UnreadableStoredValue(describeIssues(checked.error));
    return checked.data;
  },
  apply(key, value) {
    const id = workspaceOfPreference(key);
    if (id !== undefined) useWorkspaceStore.getState().actions.take(id, value as Workspace | undefined);
  },
  subscribe: (listener) => useWorkspaceStore.subscribe((state, before) => {
    // A switch or a reopen changes no workspace: only what is kept counts.
    if (state.workspaces !== before.workspaces) listener();
  }),
};
