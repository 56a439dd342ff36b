import { t } from '@lingui/core/macro';
import { useId } from 'react';
import type { LimitRowView, UsageView } from '../model/limitRows';
import type { DeskLimitsPanel } from './DeskLimits.script';
import { LimitsForm } from './LimitsForm';

function UsageBar({ usage }: { usage: UsageView }) {
  const percent = Math.round(usage.ratio * 100);
  return (
    <div className="desk-usage">
      <span className="desk-usage__label">
        {usage.label}: <span className="num">{usage.text}</span>
        {usage.over ? <span className="desk__warn"> {t({ message: 'over the limit', context: 'usage past its limit' })}</span> : null}
      </span>
      <div className="desk-usage__bar" role="meter" aria-label={usage.label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={usage.text}>
        <div className={usage.over ? 'desk-usage__fill desk-usage__fill--over' : 'desk-usage__fill'} style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
}

/** One user or account: its limits, today's use, Edit and the kill switch (risk users; others read). */
export function LimitCard({ row, panel }: { row: LimitRowView; panel: DeskLimitsPanel }) {
  const whyId = useId();
  const off = row.limits.tradingOff === true;
  const editing = panel.isEditing(row);
  const describedBy = panel.editWhyNot ? whyId : undefined;
  return (
    <li className="desk-card" data-limit-row={`${row.scope}:${row.name}`}>
      <p className="desk-card__title">
        <strong>{row.name}</strong>
        <span className="desk__muted">{row.detail}</span>
        {row.disabled ? <span className="desk__warn">{t({ message: 'disabled', context: 'a user who may not sign in' })}</span> : null}
        <span className={off ? 'desk-card__state desk__danger-text' : 'desk-card__state'}>
          {off ? t({ message: 'trading off', context: 'the kill switch is on' }) : t({ message: 'trading on', context: 'the kill switch is off' })}
        </span>
      </p>
      <dl className="desk-card__figures">
        {row.figures.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
      {row.usage.map((usage) => (
        <UsageBar key={usage.label} usage={usage} />
      ))}
      <div className="desk__actions">
        <button type="button" className="button" disabled={!panel.mayEdit || editing} aria-describedby={describedBy} onClick={() => panel.edit(row)}>
          {t({ message: 'Edit limits', context: 'open the limits form of a user or account' })}
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={off}
          className={off ? 'button desk-kill desk-kill--on' : 'button desk-kill'}
          disabled={!panel.mayEdit}
          aria-describedby={describedBy}
          onClick={() => panel.askKill(row)}
        >
          {t({ message: 'Kill switch', context: 'stops all trading of a user or account' })}
        </button>
      </div>
      {panel.editWhyNot ? (
        <p className="desk__hint" id={whyId}>
          {panel.editWhyNot}
        </p>
      ) : null}
      {editing ? <LimitsForm panel={panel} scope={row.scope} /> : null}
    </li>
  );
}
