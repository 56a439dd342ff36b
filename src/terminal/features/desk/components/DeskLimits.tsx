import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Dialog } from '@/terminal/shared/ui/Dialog';
import { limitOwnerText } from '../model/limitIssues';
import { useDeskLimitsPanel, type DeskLimitsInput, type DeskLimitsPanel } from './DeskLimits.script';
import { LimitCard } from './LimitCard';
import '../desk.css';

export interface DeskLimitsProps extends DeskLimitsInput {
  status?: ReactNode;
}

/** The kill switch asks first: what stops (or starts again) for whom. */
function KillConfirm({ panel }: { panel: DeskLimitsPanel }) {
  const row = panel.killing;
  if (!row) return null;
  const owner = limitOwnerText(row.scope, row.name);
  const off = row.limits.tradingOff === true;
  return (
    <Dialog title={off ? t`Turn trading back on for ${owner}?` : t`Stop all trading for ${owner}?`} onClose={panel.cancelKill}>
      <p>{off ? t`Tickets of ${owner} are checked and sent again from the next one.` : t`Nothing of ${owner} is sent until the switch is turned back. Held orders do not fire.`}</p>
      <div className="desk__actions">
        <button type="button" className="button" onClick={panel.cancelKill}>
          {t({ message: 'Cancel', context: 'leave the kill switch as it is' })}
        </button>
        <button type="button" className={off ? 'button desk__primary' : 'button desk__danger'} disabled={panel.saving} onClick={panel.confirmKill}>
          {off ? t`Turn trading on` : t`Stop trading`}
        </button>
      </div>
    </Dialog>
  );
}

/** Users and accounts of the desk with their limits and today's use: risk users change them, admins read. */
export function DeskLimits(props: DeskLimitsProps) {
  useLocale();
  const panel = useDeskLimitsPanel(props);
  const problem = panel.query.error?.message;
  const day = panel.day ?? '';
  const sections = [
    { key: 'users', title: t({ message: 'Users', context: 'people of the desk' }), rows: panel.users },
    { key: 'accounts', title: t({ message: 'Accounts', context: 'service accounts the proxy signs for' }), rows: panel.accounts },
  ];
  return (
    <div className="desk">
      <div className="desk__head">
        {props.status}
        {day ? <p className="desk__muted">{t`Today (UTC): ${day}`}</p> : null}
      </div>
      {problem ? (
        <p className="desk__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {panel.note ? (
        <p className={panel.note.tone === 'error' ? 'desk__problem' : 'desk__done'} role={panel.note.tone === 'error' ? 'alert' : 'status'}>
          {panel.note.text}
        </p>
      ) : null}
      <div className="desk__scroll">
        {sections.map((section) => (
          <section key={section.key} className="desk__section" aria-label={section.title}>
            <h3 className="desk__section-title">{section.title}</h3>
            {section.rows.length === 0 ? (
              <p className="empty">{panel.query.isPending ? t`Loading the limits…` : t`None yet.`}</p>
            ) : (
              <ul className="desk__cards">
                {section.rows.map((row) => (
                  <LimitCard key={row.name} row={row} panel={panel} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      <KillConfirm panel={panel} />
    </div>
  );
}
