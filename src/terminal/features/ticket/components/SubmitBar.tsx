import { useRef } from 'react';
import type { Duration, Side } from '@/interface';
import { messageFor } from '../messages';
import type { TicketCheck } from '../model/checkTicket';
import { ConfirmDialog } from './ConfirmDialog';
import { SendProgress } from './SendProgress';
import { useEnterSends, useSubmitBar } from './SubmitBar.script';
import { SubmitSummary } from './SubmitSummary';

interface SubmitBarProps {
  check: TicketCheck;
  durations: readonly Duration[];
  side: Side;
}

/** What will be sent, and the one button that sends it, at most once. */
export function SubmitBar({ check, durations, side }: SubmitBarProps) {
  const bar = useSubmitBar(check, durations);
  const { summary } = bar;
  const ref = useRef<HTMLDivElement>(null);
  useEnterSends(ref, bar.submit);
  const single = summary.orders === 1;
  const label = bar.sending ? 'Sending…' : single ? (side === 'BUY' ? 'Buy' : 'Sell') : `Send ${summary.orders} orders`;
  const why = {
    blocked: bar.blockers.map(messageFor).join('; '),
    unreachable: `Could not reach the proxy (${bar.error?.message}); the ticket may not have arrived: send again to retry safely, it will not be placed twice.`,
    checking: 'Checking the last ticket…',
    none: '',
  }[bar.notice];

  return (
    <div className="submit" ref={ref}>
      <SubmitSummary summary={summary} />
      <div className="submit__send">
        <button
          type="button"
          className={`button button--primary submit__button ${single ? `button--${side === 'BUY' ? 'buy' : 'sell'}` : ''}`}
          disabled={bar.blocked || bar.sending}
          aria-disabled={bar.blocked || bar.sending}
          aria-describedby="submit-why"
          onClick={(event) => {
            event.preventDefault();
            bar.submit();
          }}
        >
          {label}
        </button>
        <div id="submit-why" className="submit__why" aria-live="polite">
          {why}
        </div>
      </div>
      {bar.progressKey ? <SendProgress ticketKey={bar.progressKey} requests={summary.requests} orders={summary.orders} /> : null}
      {bar.confirming ? <ConfirmDialog summary={summary} onConfirm={bar.send} onCancel={bar.cancel} /> : null}
    </div>
  );
}
