import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { usePollingIntervals } from '../features/config';
import { Approvals, APPROVALS_INTERVAL_MS, Audit, DeskLimits, mayOpenDeskPanel, personQueryOptions, useApprovals, useDeskLimits, usePerson, type DeskPanelId } from '../features/desk';
import { useFutures, useInstrumentSpecs } from '../features/markets';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';
import { FeedStatus } from './FeedStatus';

/** A desk panel opened by someone it is not for (a layout from another person, single-token mode): it says so and polls nothing. */
function Gate({ id, label, children }: { id: DeskPanelId; label: string; children: ReactNode }) {
  useLocale();
  const person = useQuery(personQueryOptions());
  const body = mayOpenDeskPanel(person.data ?? undefined, id)
    ? children
    : person.isPending
      ? null
      : <p className="empty">{t`This panel is for a desk's risk users and admins; your role does not use it.`}</p>;
  return (
    <section className={`panel ${id}-panel`} aria-label={label} aria-busy={person.isPending || undefined}>
      {body}
    </section>
  );
}

function ApprovalsBody() {
  const intervals = usePollingIntervals();
  const person = usePerson();
  const specs = useInstrumentSpecs(intervals.quotes);
  const snapshot = useFutures(intervals.quotes).data;
  const markets = useMemo(
    () => ({ markOf: (symbol: string) => snapshot?.bySymbol.get(symbol)?.mark_price, priceDecimalsOf: (symbol: string) => specs.get(symbol)?.priceDecimals }),
    [snapshot, specs],
  );
  const feed = useApprovals('awaiting');
  const name = t({ message: 'Approvals', context: 'the approvals feed, named in its status' });
  return <Approvals person={person} markets={markets} now={useNow()} status={<FeedStatus name={name} query={feed} intervalMs={APPROVALS_INTERVAL_MS} />} />;
}

/** Tickets waiting for a second pair of eyes, their prices against the marks now. */
export function ApprovalsPanel() {
  return (
    <Gate id="approvals" label={t`Approvals`}>
      <ApprovalsBody />
    </Gate>
  );
}

function DeskBody() {
  const intervals = usePollingIntervals();
  const person = usePerson();
  // Today's use moves with each ticket sent: read at the orders' rate, at most every 2 s.
  const intervalMs = Math.max(intervals.orders, APPROVALS_INTERVAL_MS);
  const feed = useDeskLimits(intervalMs);
  const name = t({ message: 'Limits', context: 'the desk limits feed, named in its status' });
  return <DeskLimits person={person} intervalMs={intervalMs} status={<FeedStatus name={name} query={feed} intervalMs={intervalMs} />} />;
}

/** Users and accounts with their limits and today's use; the kill switch. */
export function DeskPanel() {
  return (
    <Gate id="desk" label={t({ message: 'Desk limits', context: 'the desk panel: users, accounts and their limits' })}>
      <DeskBody />
    </Gate>
  );
}

function AuditBody() {
  const person = usePerson();
  return <Audit person={person} />;
}

/** Who did what and when, filtered, exported as CSV. */
export function AuditPanel() {
  return (
    <Gate id="audit" label={t`Audit trail`}>
      <AuditBody />
    </Gate>
  );
}
