export { LayoutMenu } from './components/LayoutMenu';
export { PanelHosts } from './components/PanelHosts';
export { PanelSlot } from './components/PanelSlot';
export { PhoneDesk } from './components/PhoneDesk';
export { useDeskActions, useShownPanels } from './deskStore';
export { keepKnownPanels, dockLayoutSchema, panelsOf, type DockLayout } from './model/dockLayout';
export { PANEL_TITLES, PRESETS, presetLayout, type PanelId, type PresetId } from './model/presets';
export { readWorkspaceFile, workspaceFile } from './model/workspaceFile';
export { layoutToOpen, reportDropped } from './open';
export { openPanel } from './openPanel';
export { usePhoneStore, type PhoneTab } from './phoneStore';
export { useWorkspaceStore, WORKSPACE_STORAGE_KEY, type Workspace } from './store';
export type { PanelBodies, PanelBody, PanelEntry, PanelHeaderState, PanelRegistry } from './types';
export { PHONE_MAX_WIDTH, useIsPhone } from './useIsPhone';
// The docking library: the app imports it only from a chunk of its own (app/Dock.tsx, with the panels' headers).
export { default as DockDesk } from './components/DockDesk';
export { workspacePreferences } from './preferences';
