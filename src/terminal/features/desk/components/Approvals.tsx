import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { ApprovalCard } from './ApprovalCard';
import { useApprovalsPanel, type ApprovalsInput } from './Approvals.script';
import '../desk.css';

export interface ApprovalsProps extends ApprovalsInput {
  /** The feed's freshness, said in the panel's head. */
  status?: ReactNode;
}

/** Tickets over their author's threshold: risk users decide them, an author follows and withdraws their own. */
export function Approvals(props: ApprovalsProps) {
  useLocale();
  const panel = useApprovalsPanel(props);
  const problem = panel.query.error?.message;
  return (
    <div className="desk">
      <div className="desk__head">
        {props.status}
        <label className="desk__check">
          <input type="checkbox" checked={panel.showDecided} onChange={(event) => panel.setShowDecided(event.target.checked)} />
          {t`Show decided`}
        </label>
      </div>
      {problem ? (
        <p className="desk__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {panel.views.length === 0 ? (
        <p className="empty">{panel.query.isPending ? t`Loading the approvals…` : t`Nothing waits for approval.`}</p>
      ) : (
        <ul className="desk__cards" aria-label={t`Approvals`}>
          {panel.views.map((view) => (
            <ApprovalCard key={view.approval.id} view={view} panel={panel} />
          ))}
        </ul>
      )}
    </div>
  );
}
