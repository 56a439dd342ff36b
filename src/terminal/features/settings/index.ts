export { SettingsDialog } from './components/SettingsDialog';
export { openSettings, useSettingsDialog } from './dialogStore';
export { signalOutcome } from './model/outcomeSignals';
export { DEFAULT_SETTINGS, readSettingsFile, settingsFile, settingsSchema, type Settings, type Theme } from './model/settings';
export { currentSettings, useKeyOverrides, useSettingsActions, useSettingsStore } from './store';
export { applyAppearance, useAppearance } from './useAppearance';
export { applyLanguage, resolveLanguage, useLanguage } from './useLanguage';
export { settingsPreferences } from './preferences';
