import { t } from '@lingui/core/macro';
import { useCallback } from 'react';
import type { HeldOrder } from '@/interface';
import { usePollingIntervals } from '../features/config';
import { HeldOrders, useHeldOrders } from '../features/held';
import { useFutures, useInstrumentSpecs } from '../features/markets';
import { useSession } from '../features/session';
import { useActiveSymbol } from '../features/ticket';
import { useIsPhone } from '../features/workspace';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';
import { FeedStatus } from './FeedStatus';

const NO_ORDERS: HeldOrder[] = [];

/** The orders the proxy holds (stops, take-profits, trailing stops, TWAPs): live and recent, with their actions. */
export function HeldOrdersPanel() {
  useLocale();
  const intervals = usePollingIntervals();
  const signedIn = useSession() === 'signed-in';
  const held = useHeldOrders(intervals.orders, signedIn);
  const markets = useInstrumentSpecs(intervals.quotes);
  const snapshot = useFutures(intervals.quotes).data;
  const markOf = useCallback((symbol: string) => snapshot?.bySymbol.get(symbol)?.mark_price, [snapshot]);
  const activeSymbol = useActiveSymbol();
  const narrow = useIsPhone();
  const now = useNow();
  return (
    <section className="panel held-panel" aria-label={t`Held orders`}>
      {signedIn ? (
          <HeldOrders
            orders={held.data ?? NO_ORDERS}
            markets={markets}
            markOf={markOf}
            activeSymbol={activeSymbol}
            narrow={narrow}
            now={now}
            status={<FeedStatus name={t({ message: 'Held orders', context: 'the held orders feed, named in its status' })} query={held} intervalMs={intervals.orders} />}
          />
      ) : (
        <p className="empty">{t`Sign in with the link the proxy printed to see the held orders.`}</p>
      )}
    </section>
  );
}
