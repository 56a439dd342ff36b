import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useConfig, usePollingIntervals } from '../features/config';
import { armHeldOrder, heldKeys, sendBracket, showHeldOrder } from '../features/held';
import { useFutures } from '../features/markets';
import { useJournal } from '../features/orders';
import { useSession } from '../features/session';
import { useSettingsActions, useSettingsStore } from '../features/settings';
import { clientIdsInUse, OrderTicket, type HeldSender, type MarketContext } from '../features/ticket';
import { useWorkspaceStore } from '../features/workspace';
import { staleNote } from '../shared/api/freshness';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';
import { useSentOrdersInJournal } from './useSentOrdersInJournal';

const NO_MARKETS: ReadonlyMap<string, MarketContext> = new Map();
const NO_ORDERS: never[] = [];

/** The ticket, fed with live markets, the config's durations and the client ids the journal holds. */
export function TicketPanel() {
  useLocale();
  const intervals = usePollingIntervals();
  const { durations } = useConfig();
  const futures = useFutures(intervals.quotes);
  const signedIn = useSession() === 'signed-in';
  const rows = useJournal(intervals.orders, signedIn).data?.rows ?? NO_ORDERS;
  const now = useNow();
  // Sends start here: their orders join the journal's tables whether or not the Orders panel is open.
  useSentOrdersInJournal();
  const usedClientOrderIds = useMemo(() => clientIdsInUse(rows), [rows]);
  const staleReason = staleNote(futures, intervals.quotes, now, t`prices are not live`);
  // The size unit is a setting; the ticket reads it and its own switch writes it back here.
  const unit = useSettingsStore((state) => state.sizeUnit);
  const { change } = useSettingsActions();
  const sizing = useMemo(() => ({ unit, onChange: (sizeUnit: typeof unit) => change({ sizeUnit }) }), [unit, change]);
  const client = useQueryClient();
  // On a desk with several accounts, each workspace remembers the ticket's account.
  const workspace = useWorkspaceStore((state) => state.active);
  // The ticket arms held orders through the held feature's api; what it arms shows in the held list at once.
  const heldSender = useMemo<HeldSender>(
    () => ({
      arm: armHeldOrder,
      bracket: sendBracket,
      armed: (orders) => {
        for (const order of orders) showHeldOrder(client, order);
        void client.invalidateQueries({ queryKey: heldKeys.list() });
      },
    }),
    [client],
  );
  return (
    <OrderTicket
      markets={futures.data?.bySymbol ?? NO_MARKETS}
      durations={durations}
      usedClientOrderIds={usedClientOrderIds}
      staleReason={staleReason}
      sizing={sizing}
      heldSender={heldSender}
      workspace={workspace}
      markAgeMs={staleReason !== undefined && futures.dataUpdatedAt > 0 ? now - futures.dataUpdatedAt : undefined}
    />
  );
}
