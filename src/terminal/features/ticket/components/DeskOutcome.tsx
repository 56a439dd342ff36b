import { t } from '@lingui/core/macro';
import type { Approval, LimitIssue } from '@/interface';
import { groupDecimalText } from '@/terminal/shared/format/number';
import { formatClock } from '@/terminal/shared/format/time';
import { limitIssueText } from './limitWords';

interface DeskOutcomeProps {
  awaiting?: Approval;
  limits?: LimitIssue[];
  message?: string;
  /** The region's name: "Ticket result" unless said. */
  label?: string;
  onDismiss: () => void;
}

/** What a ticket waiting for a risk user is: its approval, account, notional and when it expires. */
function AwaitingLines({ approval }: { approval: Approval }) {
  const id = approval.id;
  const account = approval.account;
  const notional = `${groupDecimalText(approval.notional)} USDC`;
  const expires = formatClock(approval.expiresAt);
  return (
    <>
      <p className="outcome__message">{t`Nothing is sent until a risk user (not you) approves it; you can withdraw it until then.`}</p>
      <dl className="outcome__facts">
        <div>
          <dt>{t({ message: 'Approval', context: 'the id of a ticket awaiting approval' })}</dt>
          <dd className="num">{id}</dd>
        </div>
        <div>
          <dt>{t({ message: 'Account', context: 'the desk account a ticket goes to' })}</dt>
          <dd>{account}</dd>
        </div>
        <div>
          <dt>{t({ message: 'Notional', context: 'a ticket awaiting approval: its total notional' })}</dt>
          <dd className="num">{notional}</dd>
        </div>
        <div>
          <dt>{t({ message: 'Expires at', context: 'a ticket awaiting approval: when it expires unapproved' })}</dt>
          <dd className="num">{expires}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * A desk's answer to a ticket (issue 30): awaiting approval (journaled, nothing sent yet, not an
 * error), or refused whole over limits, each limit and offending order named.
 */
export function DeskOutcome({ awaiting, limits, message, label, onDismiss }: DeskOutcomeProps) {
  return (
    <section className={`outcome ${awaiting ? 'outcome--warn' : 'outcome--bad'}`} aria-label={label ?? t`Ticket result`} aria-live="polite" data-desk={awaiting ? 'awaiting' : 'limits'}>
      <header className="outcome__head">
        <strong>{awaiting ? t`Awaiting approval` : t`Refused: over a limit, nothing sent`}</strong>
        <button type="button" className="button button--ghost" onClick={onDismiss}>
          {t`Dismiss`}
        </button>
      </header>
      {awaiting ? <AwaitingLines approval={awaiting} /> : null}
      {limits ? (
        <>
          {message ? <p className="outcome__message">{message}</p> : null}
          <ul className="outcome__rows" aria-label={t`Limits the ticket is over`}>
            {limits.map((issue, index) => (
              <li key={index} className="outcome__row outcome__row--limit" data-limit={issue.code}>
                {limitIssueText(issue)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
