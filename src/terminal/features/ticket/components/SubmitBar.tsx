import { useState } from 'react';
import type { Duration, Side } from '../../../../interface';
import { formatFixed, formatPercent } from '../../../shared/format/number';
import { useRecoverPendingTicket } from '../api/recoverPending';
import { useSubmitTicket } from '../api/submitTicket';
import { messageFor } from '../messages';
import type { TicketCheck, TicketSummary } from '../model/checkTicket';
import { useConfirmSettings, usePendingTicket, useTicketActions, type ConfirmSettings } from '../store';
import { ConfirmDialog } from './ConfirmDialog';
import { SendProgress } from './SendProgress';

interface SubmitBarProps {
  check: TicketCheck;
  durations: readonly Duration[];
  side: Side;
}

export function needsConfirmation(summary: TicketSummary, settings: ConfirmSettings): boolean {
  if (settings.mode === 'always') return true;
  return summary.orders >= settings.minOrders || summary.totalNotional.gte(settings.minNotional);
}

/** What will be sent, and the one button that sends it, at most once. */
export function SubmitBar({ check, durations, side }: SubmitBarProps) {
  const actions = useTicketActions();
  const pending = usePendingTicket();
  const settings = useConfirmSettings();
  const mutation = useSubmitTicket();
  const [confirming, setConfirming] = useState(false);
  useRecoverPendingTicket(durations);
  const sending = mutation.isPending;
  const blocked = check.blockers.length > 0;
  const { summary } = check;

  const send = () => {
    setConfirming(false);
    if (blocked || mutation.isPending) return;
    const ticket = actions.beginSubmission(check.orders);
    mutation.mutate(ticket, { onSuccess: (outcome) => actions.finishSubmission(outcome, durations) });
  };
  const submit = () => {
    if (blocked || sending) return;
    if (needsConfirmation(summary, settings)) setConfirming(true);
    else send();
  };

  const single = summary.orders === 1;
  const label = sending ? 'Sending…' : single ? (side === 'BUY' ? 'Buy' : 'Sell') : `Send ${summary.orders} orders`;

  return (
    <div className="submit">
      <dl className="submit__summary">
        <div>
          <dt>Orders</dt>
          <dd className="num">
            {summary.orders}
            {summary.requests > 1 ? ` in ${summary.requests} requests (about ${summary.seconds} s)` : ''}
          </dd>
        </div>
        {summary.legs.length > 1 || summary.orders > 1
          ? summary.legs.map((leg) => (
              <div key={`${leg.symbol}|${leg.side}`} className="submit__leg">
                <dt className={leg.side === 'BUY' ? 'up' : 'down'}>
                  {leg.side === 'BUY' ? 'Buy' : 'Sell'} {leg.symbol.split('_')[1]}
                </dt>
                <dd className="num">
                  {leg.quantity.gt(0) ? `${leg.quantity.toFixed()} · ` : ''}
                  {formatFixed(leg.notional.toNumber(), 2)} USDC
                </dd>
              </div>
            ))
          : null}
        <div>
          <dt>Notional</dt>
          <dd className="num">{formatFixed(summary.totalNotional.toNumber(), 2)} USDC</dd>
        </div>
        <div>
          <dt>Furthest from mark</dt>
          <dd className="num">{summary.furthestFromMark === null ? '—' : formatPercent(summary.furthestFromMark, 2, false)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className={`button button--primary ${single ? `button--${side === 'BUY' ? 'buy' : 'sell'}` : ''}`}
        disabled={blocked || sending}
        aria-describedby="submit-why"
        onClick={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {label}
      </button>
      <div id="submit-why" className="submit__why" aria-live="polite">
        {blocked
          ? check.blockers.map(messageFor).join('; ')
          : mutation.error
            ? `Could not reach the proxy (${mutation.error.message}); the ticket may not have arrived: send again to retry safely, it will not be placed twice.`
            : pending && !sending
              ? 'Checking the last ticket…'
              : ''}
      </div>
      {sending && pending && summary.requests > 1 ? (
        <SendProgress ticketKey={pending.key} requests={summary.requests} orders={summary.orders} />
      ) : null}
      {confirming ? <ConfirmDialog summary={summary} onConfirm={send} onCancel={() => setConfirming(false)} /> : null}
    </div>
  );
}
