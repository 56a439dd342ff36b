import { memo } from 'react';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { JournalOrder } from '@/interface';
import { formatPlain } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { sideWord } from '../messages';
import type { TicketContext } from '../model/types';
import { ConfirmDialog } from './ConfirmDialog';
import { DeskOutcome } from './DeskOutcome';
import type { TicketAccount } from './TicketAccount.script';
import { useTicketOutcomeView } from './TicketOutcomeView.script';

type Status = JournalOrder['status'];

const statusText: Record<Status, MessageDescriptor> = {
  pending: msg({ message: 'Waiting', context: 'order status' }),
  sent: msg({ message: 'Sent', context: 'order status' }),
  accepted: msg({ message: 'Accepted', context: 'order status' }),
  rejected: msg({ message: 'Rejected', context: 'order status' }),
  failed: msg({ message: 'Not placed', context: 'order status' }),
  unknown: msg({ message: 'Unknown', context: 'order status' }),
};

const advice: Partial<Record<Status, MessageDescriptor>> = {
  failed: msg`Known not placed; fix what the reason says and send it again.`,
  unknown: msg`Check your open orders at the service before sending it again.`,
};

/** How many orders of the ticket ended in a status, as the result's heading counts them. */
function statusCount(status: Status, count: number): string {
  switch (status) {
    case 'pending':
      return plural(count, { one: '# waiting', other: '# waiting' });
    case 'sent':
      return plural(count, { one: '# sent', other: '# sent' });
    case 'accepted':
      return plural(count, { one: '# accepted', other: '# accepted' });
    case 'rejected':
      return plural(count, { one: '# rejected', other: '# rejected' });
    case 'failed':
      return plural(count, { one: '# not placed', other: '# not placed' });
    case 'unknown':
      return plural(count, { one: '# unknown', other: '# unknown' });
  }
}

type ResultRow = ReturnType<typeof useTicketOutcomeView>['rows'][number];

/** What became of an accepted order (its id), or why another was not, with what to do. */
function rowDetail(row: ResultRow): string {
  if (row.status === 'accepted') {
    const orderId = row.order_id ?? '—';
    return t`order id ${orderId}`;
  }
  const next = advice[row.status];
  return [row.error_message, next ? i18n._(next) : undefined].filter(Boolean).join(' ');
}

/** The result of the last ticket: every order accounted for, with what to do about the rest. */
export const TicketOutcomeView = memo(function TicketOutcomeView({ context, account }: { context: TicketContext; account?: TicketAccount }) {
  useLocale();
  const view = useTicketOutcomeView(context, account?.name);
  const { outcome, rows, counts, tone, retryable, allRejected, retry, sendAgain, dismiss } = view;
  if (!outcome) return null;
  if (outcome.awaiting || outcome.limits) return <DeskOutcome awaiting={outcome.awaiting} limits={outcome.limits} message={outcome.message} onDismiss={dismiss} />;
  return (
    <section className={`outcome outcome--${tone}`} aria-label={t`Ticket result`} aria-live="polite">
      <header className="outcome__head">
        <strong>
          {rows.length === 0 ? t`The ticket failed` : counts.map(([status, count]) => statusCount(status, count)).join(' · ')}
        </strong>
        <span className="outcome__buttons">
          {retryable > 0 ? (
            <button type="button" className="button" onClick={retry}>
              {allRejected ? t`Retry ${retryable} rejected` : t`Retry ${retryable} not placed`}
            </button>
          ) : null}
          {rows.length > 0 ? (
            <button type="button" className="button button--ghost" onClick={sendAgain} disabled={view.refusal !== undefined} title={view.refusal}>
              {t`Send again`}
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={dismiss}>
            {t`Dismiss`}
          </button>
        </span>
      </header>
      {view.repeat ? (
        <ConfirmDialog
          summary={view.repeat.summary}
          title={plural(view.repeat.summary.orders, { one: 'Send the same # order again?', other: 'Send the same # orders again?' })}
          note={t`A repeat of the ticket above, checked against the prices of now, with new client order ids. Your ticket is not changed.`}
          account={account?.several ? account.name : undefined}
          onConfirm={view.confirmRepeat}
          onCancel={view.cancelRepeat}
        />
      ) : null}
      {outcome.message ? <p className="outcome__message">{outcome.message}</p> : null}
      {rows.length > 0 ? (
        <ol className="outcome__rows">
          {rows.map((row) => (
            <li key={row.seq} className={`outcome__row outcome__row--${row.status}`} data-status={row.status}>
              <span className={`badge badge--${row.status}`}>{i18n._(statusText[row.status])}</span>
              <span className="outcome__order">
                #{row.seq + 1} {sideWord(row.side)} {row.order_quantity !== null ? formatPlain(row.order_quantity) : `${formatPlain(row.order_amount ?? 0)} USDC`}{' '}
                {row.symbol}
                {row.order_price !== null ? ` @ ${formatPlain(row.order_price)}` : ''}
              </span>
              <span className="outcome__detail">
                {rowDetail(row)}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
});
