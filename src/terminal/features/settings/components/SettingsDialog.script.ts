import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { askForNotifications } from '../model/outcomeSignals';
import { readSettingsFile, settingsFile } from '../model/settings';
import { currentSettings, useSettingsActions, useSettingsStore } from '../store';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

/** Saves a text as a file the browser downloads. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The settings panel's state and its changes; the view only renders them. */
export function useSettingsPanel() {
  const settings = useSettingsStore();
  const actions = useSettingsActions();
  const [fileNote, setFileNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  return {
    settings,
    change: actions.change,
    setSound: (on: boolean) => actions.change({ sound: { ...settings.sound, on } }),
    setVolume: (volume: number) => actions.change({ sound: { ...settings.sound, volume } }),
    /** Turning notifications on asks the browser; a refusal leaves them off and says why. */
    setNotifications: async (on: boolean) => {
      if (!on) return actions.change({ notifications: false });
      const allowed = await askForNotifications();
      actions.change({ notifications: allowed });
      if (!allowed) setFileNote({ tone: 'error', text: t`The browser does not allow notifications for this page.` });
    },
    exportFile: () => {
      const fileName = 'perp-terminal-settings.json';
      download(fileName, settingsFile(currentSettings()));
      setFileNote({ tone: 'ok', text: t`Settings saved to ${fileName}.` });
    },
    importFile: async (file: File) => {
      const read = readSettingsFile(await file.text());
      const fileName = file.name;
      if (read.ok) {
        actions.replace(read.settings);
        return setFileNote({ tone: 'ok', text: t`Settings read from ${fileName}.` });
      }
      const reason = read.reason;
      setFileNote({ tone: 'error', text: t`${fileName} was not read, nothing changed: ${reason}` });
    },
    fileNote,
  };
}
