import { t } from '@lingui/core/macro';
import { useId } from 'react';
import type { ApprovalView } from '../model/approvalRows';
import type { ApprovalsPanel } from './Approvals.script';

/** What a rejection asks for: a note, required; sent with Reject, dropped with Cancel. */
function RejectForm({ id, panel }: { id: string; panel: ApprovalsPanel }) {
  const fieldId = useId();
  const missing = panel.noteMissing === id;
  return (
    <form
      className="desk-reject"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        panel.confirmReject(id);
      }}
    >
      <label htmlFor={fieldId}>{t({ message: 'Why it is rejected', context: 'the note of a rejection' })}</label>
      <textarea
        id={fieldId}
        className="input"
        rows={2}
        maxLength={500}
        aria-invalid={missing}
        aria-describedby={missing ? `${fieldId}-error` : undefined}
        value={panel.noteDraft(id)}
        onChange={(event) => panel.setNoteDraft(id, event.target.value)}
      />
      {missing ? (
        <p className="desk__problem" id={`${fieldId}-error`} role="alert">
          {t`A rejection needs a note: say why, the author reads it.`}
        </p>
      ) : null}
      <div className="desk__actions">
        <button type="button" className="button" onClick={panel.cancelReject}>
          {t({ message: 'Cancel', context: 'stop rejecting an approval' })}
        </button>
        <button type="submit" className="button desk__danger" disabled={panel.pendingId === id}>
          {t({ message: 'Reject', context: 'confirm the rejection of an approval' })}
        </button>
      </div>
    </form>
  );
}

/** One ticket waiting for (or past) a second pair of eyes: its orders against the marks now, and the decisions. */
export function ApprovalCard({ view, panel }: { view: ApprovalView; panel: ApprovalsPanel }) {
  const { approval, rights } = view;
  const id = approval.id;
  const whyId = useId();
  const busy = panel.pendingId === id;
  const note = panel.notes[id];
  return (
    <li className="desk-card" data-approval-id={id} data-state={approval.state}>
      <p className="desk-card__title">
        <strong>{approval.account}</strong>
        <span>{t`by ${approval.author}`}</span>
        <span className="desk-card__state">{view.state}</span>
      </p>
      <ul className="desk-orders" aria-label={t`Orders of this ticket`}>
        {view.lines.map((line) => (
          <li key={line.key} className="desk-orders__line">
            <span className={line.side === 'BUY' ? 'desk__buy' : 'desk__sell'}>{line.sideText}</span> {line.symbol} · {line.type} · <span className="num">{line.quantity}</span> @{' '}
            <span className="num">{line.price}</span>
            <span className="desk-orders__distance">{t({ message: `from mark ${line.distance}`, context: 'distance of the price from the mark now' })}</span>
          </li>
        ))}
      </ul>
      <dl className="desk-card__figures">
        <div>
          <dt>{t({ message: 'Notional', context: 'the total notional of a ticket, USDT' })}</dt>
          <dd className="num">{view.notional}</dd>
        </div>
        {view.why ? (
          <div>
            <dt>{t({ message: 'Waits', context: 'why a ticket waits for approval, as a label' })}</dt>
            <dd>{view.why}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t({ message: 'Asked', context: 'how long ago an approval was asked' })}</dt>
          <dd>{t({ message: `${view.age} ago`, context: 'age of an approval' })}</dd>
        </div>
        <div>
          <dt>{t({ message: 'Expiry', context: 'when an approval runs out' })}</dt>
          <dd className={view.expired ? 'desk__warn' : undefined}>{approval.state === 'awaiting' ? view.expiry : '—'}</dd>
        </div>
        {approval.note ? (
          <div>
            <dt>{t({ message: 'Note', context: 'the note of a decision' })}</dt>
            <dd>{approval.decidedBy ? `${approval.decidedBy}: ${approval.note}` : approval.note}</dd>
          </div>
        ) : null}
      </dl>
      <div className="desk__actions">
        {rights.showApprove ? (
          <button
            type="button"
            className="button desk__primary"
            disabled={busy || rights.approveWhyNot !== undefined || view.expired}
            aria-describedby={rights.approveWhyNot ? whyId : undefined}
            onClick={() => panel.approve(id)}
          >
            {t({ message: 'Approve', context: 'approve a ticket waiting for approval' })}
          </button>
        ) : null}
        {rights.showReject ? (
          <button type="button" className="button desk__danger" disabled={busy || panel.rejecting === id} onClick={() => panel.startReject(id)}>
            {t({ message: 'Reject…', context: 'start rejecting an approval: a note is asked' })}
          </button>
        ) : null}
        {rights.showWithdraw ? (
          <button type="button" className="button" disabled={busy} onClick={() => panel.withdraw(id)}>
            {t({ message: 'Withdraw', context: 'the author takes back a ticket waiting for approval' })}
          </button>
        ) : null}
      </div>
      {rights.showApprove && rights.approveWhyNot ? (
        <p className="desk__hint" id={whyId}>
          {rights.approveWhyNot}
        </p>
      ) : null}
      {panel.rejecting === id ? <RejectForm id={id} panel={panel} /> : null}
      {note ? (
        <p className={note.tone === 'error' ? 'desk__problem' : 'desk__done'} role={note.tone === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      ) : null}
    </li>
  );
}
