import type { Duration, JournalOrder } from '@/interface';
import { formatPlain } from '@/terminal/shared/format/number';
import { useTicketOutcomeView } from './TicketOutcomeView.script';

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
  const { outcome, rows, counts, tone, retryable, allRejected, retry, sendAgain, dismiss } = useTicketOutcomeView(durations);
  if (!outcome) return null;
  return (
    <section className={`outcome outcome--${tone}`} aria-label="Ticket result" aria-live="polite">
      <header className="outcome__head">
        <strong>
          {rows.length === 0 ? 'The ticket failed' : counts.map(([status, count]) => `${count} ${statusText[status].toLowerCase()}`).join(' · ')}
        </strong>
        <span className="outcome__buttons">
          {retryable > 0 ? (
            <button type="button" className="button" onClick={retry}>
              Retry {retryable} {allRejected ? 'rejected' : 'not placed'}
            </button>
          ) : null}
          {rows.length > 0 ? (
            <button type="button" className="button button--ghost" onClick={sendAgain}>
              Send again
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={dismiss}>
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
                #{row.seq + 1} {row.side} {row.order_quantity !== null ? formatPlain(row.order_quantity) : `${formatPlain(row.order_amount ?? 0)} USDC`}{' '}
                {row.symbol}
                {row.order_price !== null ? ` @ ${formatPlain(row.order_price)}` : ''}
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
