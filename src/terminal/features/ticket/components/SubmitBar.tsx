import { plural, t } from '@lingui/core/macro';
import { useRef } from 'react';
import type { Duration, Side } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { messageFor } from '../messages';
import type { TicketCheck } from '../model/checkTicket';
import { ConfirmDialog } from './ConfirmDialog';
import { SendProgress } from './SendProgress';
import { useClearOfSendBar, useEnterSends, useSubmitBar } from './SubmitBar.script';
import { SubmitSummary } from './SubmitSummary';
import { useTicketTouched } from '../store';
import type { TicketAccount } from './TicketAccount.script';

interface SubmitBarProps {
  check: TicketCheck;
  durations: readonly Duration[];
  side: Side;
  /** The desk account it sends to: named in the confirmation when the trader had a choice. */
  account?: TicketAccount;
}

/** The send button of a one-order ticket says what it does. */
const sendOne = (side: Side) =>
  side === 'BUY' ? t({ message: 'Buy', context: 'send button of a buy order' }) : t({ message: 'Sell', context: 'send button of a sell order' });

/** The line under the send button: what stands in the way, or what is going on. */
function whyText(bar: Pick<ReturnType<typeof useSubmitBar>, 'notice' | 'blockers' | 'error' | 'refusal'>, touched: boolean): string {
  // The role comes first: nothing typed would let it send.
  if (bar.refusal) return bar.refusal;
  // Until the trader sizes an order or tries to send, the disabled button is reason enough.
  if (bar.notice === 'blocked') return touched ? bar.blockers.map(messageFor).join('; ') : '';
  if (bar.notice === 'checking') return t`Checking the last ticket…`;
  if (bar.notice !== 'unreachable') return '';
  const reason = bar.error?.message ?? '';
  return t`Could not reach the proxy (${reason}); the ticket may not have arrived: send again to retry safely, it will not be placed twice.`;
}

/** What will be sent, and the one button that sends it, at most once. */
export function SubmitBar({ check, durations, side, account }: SubmitBarProps) {
  useLocale();
  const bar = useSubmitBar(check, durations, account);
  const { summary } = bar;
  const ref = useRef<HTMLDivElement>(null);
  useEnterSends(ref, bar.submit);
  useClearOfSendBar(ref);
  const single = summary.orders === 1;
  const label = bar.sending ? t`Sending…` : single ? sendOne(side) : plural(summary.orders, { one: 'Send # order', other: 'Send # orders' });
  const why = whyText(bar, useTicketTouched());

  return (
    <div className="submit" ref={ref}>
      <SubmitSummary summary={summary} />
      <div className="submit__send">
        <button
          type="button"
          className={`button button--primary submit__button ${single ? `button--${side === 'BUY' ? 'buy' : 'sell'}` : ''}`}
          disabled={bar.blocked || bar.sending || bar.refusal !== undefined}
          aria-disabled={bar.blocked || bar.sending || bar.refusal !== undefined}
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
      {bar.confirming ? <ConfirmDialog summary={bar.confirming.summary} account={account?.several ? account.name : undefined} onConfirm={bar.send} onCancel={bar.cancel} /> : null}
    </div>
  );
}
