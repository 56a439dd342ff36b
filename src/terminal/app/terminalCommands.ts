import { useMemo } from 'react';
import { openShortcutSheet } from '../features/hotkeys';
import { ordersCsvUrl } from '../features/orders';
import { openPalette } from '../features/palette';
import { openSettings, useSettingsStore, type Theme } from '../features/settings';
import { useWorkspaceStore } from '../features/workspace';
import type { Command } from '../shared/commands/registry';
import { LOCALES, type Locale } from '../shared/i18n/locales';

/** The first control of a panel, so that the keys typed next act there. */
function focusPanel(selector: string): void {
  const panel = document.querySelector(selector);
  const target = panel?.querySelector<HTMLElement>('input, button, [tabindex="0"], select, textarea, a[href]');
  target?.focus();
}

function download(href: string, name: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
}

const ENGLISH_NAMES: Record<Locale, string> = {
  en: 'English', 'zh-CN': 'Chinese Simplified', 'zh-TW': 'Chinese Traditional', ja: 'Japanese', ko: 'Korean',
  es: 'Spanish', 'pt-BR': 'Portuguese Brazil', fr: 'French', de: 'German', ru: 'Russian', tr: 'Turkish',
  vi: 'Vietnamese', ar: 'Arabic',
};

const THEMES: { theme: Theme; title: string }[] = [
  { theme: 'system', title: 'Theme: as the system' },
  { theme: 'light', title: 'Theme: light' },
  { theme: 'dark', title: 'Theme: dark' },
  { theme: 'contrast', title: 'Theme: high contrast' },
];

/** Workspace 1–9 in the Layout menu's order, each a command (Alt+1–9 by default). */
function useWorkspaceCommands(): Command[] {
  const workspaces = useWorkspaceStore((state) => state.workspaces);
  return useMemo(
    () =>
      Object.entries(workspaces)
        .slice(0, 9)
        .map(([id, workspace], index) => ({
          id: `workspace.switch.${index + 1}`,
          title: `Workspace: ${workspace.name}`,
          group: 'Workspace',
          keywords: ['layout'],
          run: () => useWorkspaceStore.getState().actions.switchTo(id),
        })),
    [workspaces],
  );
}

/** The terminal's own commands: the dialogs, the themes, the panels, the orders export, the workspaces. */
export function useTerminalCommands(): Command[] {
  const workspaceCommands = useWorkspaceCommands();
  return useMemo(
    () => [
      ...workspaceCommands,
      { id: 'palette.open', title: 'Command palette', group: 'Terminal', run: openPalette },
      { id: 'shortcuts.open', title: 'Keyboard shortcuts', group: 'Terminal', keywords: ['hotkeys', 'keys', 'help'], run: openShortcutSheet },
      { id: 'settings.open', title: 'Settings', group: 'Terminal', keywords: ['preferences', 'options'], run: openSettings },
      ...THEMES.map(({ theme, title }) => ({
        id: `theme.${theme}`,
        title,
        group: 'Terminal',
        keywords: ['colours', 'colors', 'appearance'],
        run: () => useSettingsStore.getState().actions.change({ theme }),
      })),
      { id: 'language.auto', title: 'Language: as the browser', group: 'Language', keywords: ['locale'], run: () => useSettingsStore.getState().actions.change({ language: 'auto' }) },
      // Each language by its own name and the English one, so either finds it.
      ...LOCALES.map(({ id, name }) => ({
        id: `language.${id}`,
        title: `Language: ${name}`,
        group: 'Language',
        keywords: ['locale', id, ENGLISH_NAMES[id]],
        run: () => useSettingsStore.getState().actions.change({ language: id }),
      })),
      {
        id: 'orders.exportCsv',
        title: 'Export orders as CSV',
        group: 'Orders',
        keywords: ['download', 'journal', 'csv'],
        run: () => download(ordersCsvUrl(), 'orders.csv'),
      },
      { id: 'panel.markets', title: 'Go to the markets', group: 'Panels', run: () => focusPanel('.panel.markets') },
      { id: 'panel.ticket', title: 'Go to the ticket', group: 'Panels', run: () => focusPanel('.panel.ticket') },
      { id: 'panel.account', title: 'Go to the account', group: 'Panels', run: () => focusPanel('.panel.account') },
    ],
    [workspaceCommands],
  );
}
