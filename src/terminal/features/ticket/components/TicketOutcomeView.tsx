import type { Duration, JournalOrder } from '../../../../interface';
import { plainNumber } from '../../../shared/format/number';
import { draftFromOrder } from '../model/rows';
import { useTicketActions, useTicketOutcome } from '../store';

const statusText: Record<JournalOrder['status'], string> = {
  pending: 'Waiting',
  sent: 'Sent',
  accepted: 'Accepted',
  rejected: 'Rejected',
  failed: 'Not placed',
  unknown: 'Unknown',
};

const advice: Partial<Record<JournalOrder['status'], string>> = {
  failed: 'Known not placed; fix what the reason says and send it again.',
  unknown: 'Check your open orders at the service before sending it again.',
};

/** The result of the last ticket: every order accounted for, with what to do about the rest. */
export function TicketOutcomeView({ durations }: { durations: readonly Duration[] }) {
  const outcome = useTicketOutcome();
  const actions = useTicketActions();
  if (!outcome) return null;
  const rows = outcome.result?.rows ?? [];
  const counts = rows.reduce<Partial<Record<JournalOrder['status'], number>>>((acc, row) => {
    acc[row.status] = (acc[row.status] ?? 0) + 1;
    return acc;
  }, {});
  const status = outcome.result?.status;
  const tone = status === 'accepted' ? 'ok' : status === 'unknown' || status === 'partial' ? 'warn' : 'bad';
  const retryable = rows.filter((row) => row.status === 'rejected' || row.status === 'failed');
  const retry = () => {
    const drafts = retryable.map((row) => draftFromOrder(row, durations)).filter((row) => row !== undefined);
    actions.replaceRows(drafts);
    actions.setTool('order');
    actions.dismissOutcome();
  };
  return (
    <section className={`outcome outcome--${tone}`} aria-label="Ticket result" aria-live="polite">
      <header className="outcome__head">
        <strong>
          {rows.length === 0
            ? 'The ticket failed'
            : (Object.keys(statusText) as JournalOrder['status'][])
                .filter((key) => counts[key])
                .map((key) => `${counts[key]} ${statusText[key].toLowerCase()}`)
                .join(' · ')}
        </strong>
        <span className="outcome__buttons">
          {retryable.length > 0 ? (
            <button type="button" className="button" onClick={retry}>
              Retry {retryable.length} {retryable.every((row) => row.status === 'rejected') ? 'rejected' : 'not placed'}
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={actions.dismissOutcome}>
            Dismiss
          </button>
        </span>
      </header>
      {outcome.message ? <p className="outcome__message">{outcome.message}</p> : null}
      {rows.length > 0 ? (
        <ol className="outcome__rows">
          {rows.map((row) => (
            <li key={row.seq} className={`outcome__row outcome__row--${row.status}`} data-status={row.status}>
              <span className={`badge badge--${row.status}`}>{statusText[row.status]}</span>
              <span className="outcome__order">
                #{row.seq + 1} {row.side} {row.order_quantity !== null ? plainNumber(row.order_quantity) : `${plainNumber(row.order_amount ?? 0)} USDC`}{' '}
                {row.symbol}
                {row.order_price !== null ? ` @ ${plainNumber(row.order_price)}` : ''}
              </span>
              <span className="outcome__detail">
                {row.status === 'accepted'
                  ? `order id ${row.order_id ?? '—'}`
                  : [row.error_message, advice[row.status]].filter(Boolean).join(' ')}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
