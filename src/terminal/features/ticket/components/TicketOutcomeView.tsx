import type { JournalOrder } from '../../../../interface';
import { useTicketActions, useTicketOutcome } from '../store';

const statusText: Record<JournalOrder['status'], string> = {
  pending: 'Waiting',
  sent: 'Sent',
  accepted: 'Accepted',
  rejected: 'Rejected',
  failed: 'Not placed',
  unknown: 'Unknown',
};

/** The result of the last ticket: every order accounted for, with what to do about the rest. */
export function TicketOutcomeView() {
  const outcome = useTicketOutcome();
  const actions = useTicketActions();
  if (!outcome) return null;
  const rows = outcome.result?.rows ?? [];
  const counts = rows.reduce<Record<string, number>>((acc, row) => {
    acc[row.status] = (acc[row.status] ?? 0) + 1;
    return acc;
  }, {});
  const tone = outcome.result?.status === 'accepted' ? 'ok' : outcome.result?.status === 'unknown' ? 'warn' : rows.length && counts.accepted ? 'warn' : 'bad';
  return (
    <section className={`outcome outcome--${tone}`} aria-label="Ticket result" aria-live="polite">
      <header className="outcome__head">
        <strong>
          {rows.length === 0
            ? 'The ticket failed'
            : Object.entries(counts)
                .map(([status, count]) => `${count} ${statusText[status as JournalOrder['status']].toLowerCase()}`)
                .join(' · ')}
        </strong>
        <button type="button" className="button button--ghost" onClick={actions.dismissOutcome}>
          Dismiss
        </button>
      </header>
      {outcome.message ? <p className="outcome__message">{outcome.message}</p> : null}
      {rows.length > 0 ? (
        <ol className="outcome__rows">
          {rows.map((row) => (
            <li key={row.seq} className={`outcome__row outcome__row--${row.status}`} data-status={row.status}>
              <span className={`badge badge--${row.status}`}>{statusText[row.status]}</span>
              <span className="outcome__order">
                {row.side} {row.order_quantity ?? row.order_amount} {row.symbol}
                {row.order_price !== null ? ` @ ${row.order_price}` : ''}
              </span>
              <span className="outcome__detail">
                {row.status === 'accepted'
                  ? `order id ${row.order_id ?? '—'}`
                  : row.status === 'unknown'
                    ? `${row.error_message ?? ''} Check your open orders at the service before sending it again.`
                    : (row.error_message ?? '')}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
