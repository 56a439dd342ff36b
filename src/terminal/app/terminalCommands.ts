import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useMemo } from 'react';
import { openShortcutSheet } from '../features/hotkeys';
import { ordersCsvUrl } from '../features/orders';
import { openPalette } from '../features/palette';
import { openSettings, useSettingsStore, type Theme } from '../features/settings';
import { useWorkspaceStore } from '../features/workspace';
import type { Command } from '../shared/commands/registry';
import { prepareLocale, useLocale } from '../shared/i18n/i18n';
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

const THEMES: { theme: Theme; title: MessageDescriptor }[] = [
  { theme: 'system', title: msg`Theme: as the system` },
  { theme: 'light', title: msg`Theme: light` },
  { theme: 'dark', title: msg`Theme: dark` },
  { theme: 'contrast', title: msg`Theme: high contrast` },
];

/** Workspace 1–9 in the Layout menu's order, each a command (Alt+1–9 by default). */
function useWorkspaceCommands(): Command[] {
  const workspaces = useWorkspaceStore((state) => state.workspaces);
  const locale = useLocale();
  return useMemo(
    () =>
      Object.entries(workspaces)
        .slice(0, 9)
        .map(([id, { name: workspaceName }], index) => ({
          id: `workspace.switch.${index + 1}`,
          title: t`Workspace: ${workspaceName}`,
          group: t({ message: 'Workspace', context: 'command group' }),
          keywords: ['layout'],
          run: () => useWorkspaceStore.getState().actions.switchTo(id),
        })),
    // The titles are in the active language: they are built again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
    [workspaces, locale],
  );
}

/** The terminal's own commands: the dialogs, the themes, the panels, the orders export, the workspaces. */
export function useTerminalCommands(): Command[] {
  const workspaceCommands = useWorkspaceCommands();
  const locale = useLocale();
  return useMemo(() => {
    const terminal = t({ message: 'Terminal', context: 'command group' });
    const language = t({ message: 'Language', context: 'command group' });
    const panels = t({ message: 'Panels', context: 'command group' });
    return [
      ...workspaceCommands,
      { id: 'palette.open', title: t`Command palette`, group: terminal, run: openPalette },
      { id: 'shortcuts.open', title: t`Keyboard shortcuts`, group: terminal, keywords: ['hotkeys', 'keys', 'help'], run: openShortcutSheet },
      { id: 'settings.open', title: t`Settings`, group: terminal, keywords: ['preferences', 'options'], run: openSettings },
      ...THEMES.map(({ theme, title }) => ({
        id: `theme.${theme}`,
        title: i18n._(title),
        group: terminal,
        keywords: ['colours', 'colors', 'appearance'],
        run: () => useSettingsStore.getState().actions.change({ theme }),
      })),
      { id: 'language.auto', title: t`Language: as the browser`, group: language, keywords: ['locale'], run: () => useSettingsStore.getState().actions.change({ language: 'auto' }) },
      // Each language by its own name and the English one, so either finds it.
      ...LOCALES.map(({ id, name: languageName }) => ({
        id: `language.${id}`,
        title: t`Language: ${languageName}`,
        group: language,
        keywords: ['locale', id, ENGLISH_NAMES[id]],
        run: () => useSettingsStore.getState().actions.change({ language: id }),
        prepare: () => prepareLocale(id),
      })),
      {
        id: 'orders.exportCsv',
        title: t`Export orders as CSV`,
        group: t({ message: 'Orders', context: 'command group' }),
        keywords: ['download', 'journal', 'csv'],
        run: () => download(ordersCsvUrl(), 'orders.csv'),
      },
      { id: 'panel.markets', title: t`Go to the markets`, group: panels, run: () => focusPanel('.panel.markets') },
      { id: 'panel.ticket', title: t`Go to the ticket`, group: panels, run: () => focusPanel('.panel.ticket') },
      { id: 'panel.account', title: t`Go to the account`, group: panels, run: () => focusPanel('.panel.account') },
    ];
    // The titles are in the active language: they are built again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
  }, [workspaceCommands, locale]);
}
