import type { Duration, Side } from '../../../../interface';
import { formatFixed, formatPercent } from '../../../shared/format/number';
import { useRecoverPendingTicket } from '../api/recoverPending';
import { useSubmitTicket } from '../api/submitTicket';
import type { TicketCheck } from '../model/checkTicket';
import { usePendingTicket, useTicketActions } from '../store';

interface SubmitBarProps {
  check: TicketCheck;
  durations: readonly Duration[];
  side: Side;
}

/** Summary of what will be sent, and the one button that sends it, at most once. */
export function SubmitBar({ check, durations, side }: SubmitBarProps) {
  const actions = useTicketActions();
  const pending = usePendingTicket();
  const mutation = useSubmitTicket();
  useRecoverPendingTicket(durations);
  const sending = mutation.isPending;
  const blocked = check.blockers.length > 0;
  const { summary } = check;

  const submit = () => {
    if (blocked || sending) return;
    const ticket = actions.beginSubmission(check.orders);
    mutation.mutate(ticket, {
      onSuccess: (outcome) => actions.finishSubmission(outcome, durations),
    });
  };

  const single = summary.orders === 1;
  const label = sending
    ? summary.requests > 1
      ? `Sending ${summary.orders} orders…`
      : 'Sending…'
    : single
      ? `${side === 'BUY' ? 'Buy' : 'Sell'}`
      : `Send ${summary.orders} orders`;

  return (
    <div className="submit">
      <dl className="submit__summary">
        <div>
          <dt>Notional</dt>
          <dd className="num">{formatFixed(summary.totalNotional.toNumber(), 2)} USDC</dd>
        </div>
        <div>
          <dt>Furthest from mark</dt>
          <dd className="num">{summary.furthestFromMark === null ? '—' : formatPercent(summary.furthestFromMark, 2, false)}</dd>
        </div>
        {summary.requests > 1 ? (
          <div>
            <dt>Requests</dt>
            <dd className="num">
              {summary.requests} (about {summary.seconds} s)
            </dd>
          </div>
        ) : null}
      </dl>
      <button
        type="submit"
        className={`button button--primary ${single ? `button--${side === 'BUY' ? 'buy' : 'sell'}` : ''}`}
        disabled={blocked || sending}
        aria-describedby="submit-why"
        onClick={submit}
      >
        {label}
      </button>
      <div id="submit-why" className="submit__why" aria-live="polite">
        {blocked ? check.blockers.join('; ') : mutation.error ? `Could not reach the proxy (${mutation.error.message}); the ticket may not have arrived: send again to retry safely, it will not be placed twice.` : pending && !sending ? 'Checking the last ticket…' : ''}
      </div>
    </div>
  );
}
