import { plural, t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { CancelAllHeldDialog, useHeldCommands } from '../features/held';
import { BindingsEditor, ShortcutSheet, useHotkeys } from '../features/hotkeys';
import { marketsKeys, type FuturesSnapshot } from '../features/markets';
import { PaletteHost, type PaletteItem } from '../features/palette';
import { SettingsDialog, signalOutcome, useAppearance, useKeyOverrides, useLanguage, useSettingsActions } from '../features/settings';
import { useConfig, usePollingIntervals } from '../features/config';
import { subscribeToTicketResults, useActiveSymbol, useTicketActions, useTicketRecovery } from '../features/ticket';
import { useCommandsStore, useRegisterCommands } from '../shared/commands/registry';
import { fixedPlain } from '../shared/format/number';
import { useDeskCommands } from './deskCommands';
import { useTerminalCommands } from './terminalCommands';

/** A placed ticket rings high, a refused one low; one that may not have arrived is not rung at all. */
function useOutcomeSignals(): void {
  useEffect(
    () =>
      subscribeToTicketResults((result) => {
        const count = result.rows.length;
        if (result.status === 'accepted') {
          signalOutcome('good', t`Ticket placed`, plural(count, { one: '# order placed', other: '# orders placed' }));
        } else if (result.status === 'partial') {
          signalOutcome('good', t`Ticket placed`, plural(count, { one: '# order partly placed', other: '# orders partly placed' }));
        } else if (result.status === 'rejected' || result.status === 'failed') {
          signalOutcome('bad', t`Ticket refused`, plural(count, { one: '# order not placed', other: '# orders not placed' }));
        }
      }),
    [],
  );
}

/** The markets (Enter points the ticket at one) and every registered command, for the palette. */
function usePaletteItems(): () => PaletteItem[] {
  const client = useQueryClient();
  const ticket = useTicketActions();
  return useCallback(() => {
    const snapshot = client.getQueryData<FuturesSnapshot>(marketsKeys.futures());
    const markets: PaletteItem[] = (snapshot?.rows ?? []).map((row) => ({
      id: `market:${row.symbol}`,
      title: `${row.base} · ${row.symbol}`,
      group: t({ message: 'Market', context: 'palette group: the instruments' }),
      keywords: [row.base, row.symbol],
      run: () => ticket.selectMarket(row.symbol, fixedPlain(row.mark_price, row.priceDecimals)),
    }));
    const commands = [...useCommandsStore.getState().commands.values()]
      .filter((command) => command.id !== 'palette.open')
      .map((command) => ({ ...command, id: `command:${command.id}` }));
    return [...commands, ...markets];
  }, [client, ticket]);
}

/** What works from anywhere: the theme, the hotkeys, the palette, the shortcut sheet, the settings. */
export function GlobalTools() {
  useAppearance();
  useLanguage();
  const overrides = useKeyOverrides();
  const settings = useSettingsActions();
  useHotkeys(overrides);
  useRegisterCommands(useTerminalCommands());
  useRegisterCommands(useDeskCommands());
  // The held orders' cancels work whichever panels are open: a stop is cancelled from anywhere.
  useHeldCommands(useActiveSymbol());
  const intervals = usePollingIntervals();
  useOutcomeSignals();
  // A ticket on its way is followed to its outcome whichever panels are open.
  useTicketRecovery(useConfig().durations);
  const items = usePaletteItems();
  return (
    <>
      <PaletteHost items={items} />
      <ShortcutSheet overrides={overrides} />
      <CancelAllHeldDialog intervalMs={intervals.orders} />
      <SettingsDialog keyboard={<BindingsEditor overrides={overrides} onBind={settings.bindKey} onReset={settings.resetKeys} />} />
    </>
  );
}
