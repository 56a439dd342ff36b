import type { Duration, JournalOrder } from '../../../../interface';
import { plainNumber } from '../../../shared/format/number';
import { useToastActions } from '../../../shared/ui/toast/toastStore';
import { draftFromOrder } from '../model/rows';
import type { DraftRow } from '../model/types';
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
  const toasts = useToastActions();
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
    const drafts: DraftRow[] = [];
    const skipped: string[] = [];
    for (const row of retryable) {
      const draft = draftFromOrder(row, durations);
      if ('reason' in draft) skipped.push(`#${row.seq + 1} ${row.symbol}: ${draft.reason}`);
      else drafts.push(draft);
    }
    // A row that cannot come back is said, never dropped in silence.
    if (skipped.length > 0) {
      toasts.push({
        id: `retry-${outcome.key}-${skipped.length}`,
        tone: 'warning',
        title: `${skipped.length} of ${retryable.length} orders could not be put back in the ticket`,
        detail: skipped.join('\n'),
        timeoutMs: 0,
      });
    }
    if (drafts.length === 0) return;
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
