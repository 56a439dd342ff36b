import { t } from '@lingui/core/macro';
import { useRef } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import type { HeldSender } from '../api/armHeld';
import { messageFor } from '../messages';
import type { HeldCheck } from '../model/checkHeld';
import { useTicketTouched } from '../store';
import { ConfirmDialog } from './ConfirmDialog';
import { bracketText, exitsPromise, planText } from './heldWords';
import { useHeldSubmitBar } from './HeldSubmitBar.script';
import type { TicketAccount } from './TicketAccount.script';
import { useClearOfSendBar, useEnterSends } from './SubmitBar.script';
import { SubmitSummary } from './SubmitSummary';
import { RowWarnings } from './WarningList';

/** What the order will do once armed, as far as its fields say yet. */
function planLines(check: HeldCheck): string[] {
  if (check.mode === 'held') return check.plan ? [planText(check.plan)] : [];
  const exits = check.bracket ? bracketText(check.bracket) : '';
  return exits ? [exits, exitsPromise()] : [];
}

function whyText(bar: ReturnType<typeof useHeldSubmitBar>, check: HeldCheck, touched: boolean): string {
  if (bar.refusal) return bar.refusal;
  if (bar.notice === 'blocked') return touched ? check.blockers.map(messageFor).join('; ') : '';
  if (bar.notice === 'checking') return t`The last order may have been armed: send it again unchanged to retry safely, it will not be armed twice.`;
  if (bar.notice !== 'unreachable') return '';
  const reason = bar.error?.message ?? '';
  return t`Could not reach the proxy (${reason}); the order may have been armed: send again to retry safely, it will not be armed twice.`;
}

function buttonLabel(check: HeldCheck, side: 'BUY' | 'SELL', sending: boolean): string {
  if (sending) return t`Sending…`;
  if (check.mode === 'held') return side === 'BUY' ? t`Arm buy order` : t`Arm sell order`;
  return side === 'BUY' ? t`Buy with exits` : t`Sell with exits`;
}

/** The send bar of a held order or a bracket: what it will do, and the one button that arms it. */
export function HeldSubmitBar({ check, side, sender, account }: { check: HeldCheck; side: 'BUY' | 'SELL'; sender: HeldSender | undefined; account?: TicketAccount }) {
  useLocale();
  const bar = useHeldSubmitBar(check, sender, account);
  const ref = useRef<HTMLDivElement>(null);
  useEnterSends(ref, bar.submit);
  useClearOfSendBar(ref);
  const agreed = bar.confirming;
  return (
    <div className="submit" ref={ref}>
      {check.entry ? <SubmitSummary summary={check.entry.summary} /> : null}
      {planLines(check).map((line) => (
        <p key={line} className="held__plan">
          {line}
        </p>
      ))}
      <div className="submit__send">
        <button
          type="button"
          className={`button button--primary submit__button button--${side === 'BUY' ? 'buy' : 'sell'}`}
          disabled={bar.blocked || bar.sending || bar.refusal !== undefined}
          aria-disabled={bar.blocked || bar.sending || bar.refusal !== undefined}
          aria-describedby="submit-why"
          onClick={(event) => {
            event.preventDefault();
            bar.submit();
          }}
        >
          {buttonLabel(check, side, bar.sending)}
        </button>
        <div id="submit-why" className="submit__why" aria-live="polite">
          {whyText(bar, check, useTicketTouched())}
        </div>
      </div>
      {agreed ? (
        <ConfirmDialog
          summary={agreed.entry?.summary}
          title={agreed.mode === 'held' ? t`Arm this order?` : t`Send the entry and hold its exits?`}
          confirmLabel={agreed.mode === 'held' ? t`Arm (Enter)` : t`Send (Enter)`}
          account={account?.several ? account.name : undefined}
          onConfirm={bar.arm}
          onCancel={bar.cancel}
        >
          <ul className="held__confirm" aria-label={t`What is armed`}>
            {planLines(agreed).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {/* A bracket's entry warnings are listed with its orders above; its exits' here. */}
          <RowWarnings warnings={agreed.mode === 'held' ? agreed.warnings : agreed.warnings.filter((found) => found.field.startsWith('held.'))} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
