import { msg } from '@lingui/core/macro';
import { create } from 'zustand';
import { persisted } from '@/terminal/shared/persist/persistedStore';
import { DEFAULT_SETTINGS, type Settings, SETTINGS_STORAGE_KEY, SETTINGS_VERSION, settingsMigrations, settingsSchema } from './model/settings';

interface SettingsState extends Settings {
  actions: {
    change(patch: Partial<Settings>): void;
    /** Binds a command to a key; the binding checks for conflicts before it gets here. */
    bindKey(command: string, key: string): void;
    resetKeys(): void;
    /** Every setting at once, from an imported file that was checked whole. */
    replace(settings: Settings): void;
  };
}

export const useSettingsStore = create<SettingsState>()(
  persisted(
    (set) => ({
      ...DEFAULT_SETTINGS,
      actions: {
        change(patch) {
          set(patch);
        },
        bindKey(command, key) {
          set((state) => ({ keys: { ...state.keys, [command]: key } }));
        },
        resetKeys() {
          set({ keys: {} });
        },
        replace(settings) {
          set(settings);
        },
      },
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      what: msg({ message: 'settings', context: 'what was saved: the terminal settings' }),
      version: SETTINGS_VERSION,
      migrations: settingsMigrations,
      schema: settingsSchema,
      guardLoad: true,
      partialize: ({ language, theme, upDown, density, motion, sizeUnit, sound, notifications, keys }) => ({
        language,
        theme,
        upDown,
        density,
        motion,
        sizeUnit,
        sound,
        notifications,
        keys,
      }),
    },
  ),
);

/** The settings as saved, without the actions. */
export function currentSettings(): Settings {
  const { actions: _actions, ...settings } = useSettingsStore.getState();
  return settings;
}

export const useSettingsActions = () => useSettingsStore((state) => state.actions);
export const useKeyOverrides = () => useSettingsStore((state) => state.keys);
