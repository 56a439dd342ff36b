import { msg } from '@lingui/core/macro';
import { describeIssues } from '@/interface';
import { SETTINGS_PREFERENCE } from '@/interface/preferences';
import { migrateStored, UnreadableStoredValue } from '@/terminal/shared/persist/persistedStore';
import type { PreferenceSource } from '@/terminal/shared/persist/remotePreferences';
import { SETTINGS_VERSION, settingsMigrations, settingsSchema, type Settings } from './model/settings';
import { currentSettings, useSettingsStore } from './store';

/** The settings as a desk user's preference ("settings"), checked as a stored value is. */
export const settingsPreferences: PreferenceSource = {
  what: msg({ message: 'settings', context: 'what was saved: the terminal settings' }),
  version: SETTINGS_VERSION,
  owns: (key) => key === SETTINGS_PREFERENCE,
  local: () => ({ [SETTINGS_PREFERENCE]: currentSettings() }),
  read(_key, version, value) {
    const checked = settingsSchema.safeParse(migrateStored(value, version, SETTINGS_VERSION, settingsMigrations));
    if (!checked.success) throw new UnreadableStoredValue(describeIssues(checked.error));
    return checked.data;
  },
  apply(_key, value) {
    // The settings are never removed, only changed.
    if (value !== undefined) useSettingsStore.getState().actions.replace(value as Settings);
  },
  subscribe: (listener) => useSettingsStore.subscribe(listener),
};
