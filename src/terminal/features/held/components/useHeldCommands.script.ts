import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useRegisterCommands, type Command } from '@/terminal/shared/commands/registry';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { useMay } from '@/terminal/shared/person';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import { cancelAllHeld } from '../api/heldMutations';
import { heldKeys } from '../api/keys';
import { askCancelAllHeld } from '../cancelAllStore';
import { marketName } from '../model/heldRows';
import { sayCancelled } from './CancelAllHeld.script';

const problem = (title: string, detail?: string) =>
  useToastStore.getState().actions.push({ id: `held-problem:${Date.now()}`, tone: 'error', title, detail, timeoutMs: 0 });

/**
 * The keyboard's and the palette's cancels of held orders, from anywhere: those of the market the
 * ticket is on, at once, as a venue's cancel-all key (it pulls that market's stop-losses too; the
 * toast says how many went, and where), and every one after a confirmation naming how many.
 */
export function useHeldCommands(activeSymbol: string | undefined): void {
  const client = useQueryClient();
  const locale = useLocale();
  // A role that may not cancel held orders is not offered their cancels (the panel says why).
  const allowed = useMay('cancelHeld').allowed;
  const commands = useMemo((): Command[] => {
    if (!allowed) return [];
    const group = t({ message: 'Held orders', context: 'command group' });
    const cancelHere = () => {
      if (!activeSymbol) return problem(t`Choose a market first: its held orders are the ones cancelled.`);
      const market = marketName(activeSymbol);
      cancelAllHeld(activeSymbol)
        .then((rows) => sayCancelled(rows.length, market))
        .catch((error: Error) => problem(t`The held orders in ${market} could not be cancelled.`, error.message))
        .finally(() => void client.invalidateQueries({ queryKey: heldKeys.list() }));
    };
    return [
      { id: 'held.cancelMarket', title: t`Cancel held orders in this market`, group, keywords: ['stop', 'take-profit', 'twap', 'trigger'], run: cancelHere },
      { id: 'held.cancelAll', title: t`Cancel all held orders`, group, keywords: ['stop', 'take-profit', 'twap', 'everything'], run: askCancelAllHeld },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t reads the locale; the memo must be made again when it changes
  }, [activeSymbol, client, locale, allowed]);
  useRegisterCommands(commands);
}
