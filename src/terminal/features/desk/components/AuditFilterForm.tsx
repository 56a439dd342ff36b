import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { auditActions, type AuditAction } from '@/interface';
import { auditActionText } from '../model/auditRows';
import type { AuditFilterDraft } from '../model/auditFilters';
import type { AuditPanel } from './Audit.script';

type TextField = Exclude<keyof AuditFilterDraft, 'action'>;

/** Who, what, about what, and when: applied with Filter, all lifted with Clear. */
export function AuditFilterForm({ panel, csvUrl }: { panel: Pick<AuditPanel, 'draft' | 'change' | 'apply' | 'clear'>; csvUrl: string }) {
  const id = useId();
  const text = (field: TextField, label: string, type = 'text') => (
    <div className="desk-filter__field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input id={`${id}-${field}`} className="input" type={type} value={panel.draft[field]} onChange={(event) => panel.change({ [field]: event.target.value })} />
    </div>
  );
  return (
    <form
      className="desk-filter"
      aria-label={t`Filter the audit`}
      onSubmit={(event) => {
        event.preventDefault();
        panel.apply();
      }}
    >
      {text('actor', t({ message: 'Who', context: 'audit filter: the actor' }))}
      <div className="desk-filter__field">
        <label htmlFor={`${id}-action`}>{t({ message: 'Action', context: 'audit filter' })}</label>
        <select id={`${id}-action`} className="input" value={panel.draft.action} onChange={(event) => panel.change({ action: event.target.value as AuditAction | '' })}>
          <option value="">{t({ message: 'any', context: 'audit filter: every action' })}</option>
          {auditActions.map((action) => (
            <option key={action} value={action}>
              {auditActionText(action)}
            </option>
          ))}
        </select>
      </div>
      {text('subject', t({ message: 'About', context: 'audit filter: the subject, a ticket, user or account' }))}
      {text('since', t({ message: 'From', context: 'audit filter: earliest time' }), 'datetime-local')}
      {text('until', t({ message: 'To', context: 'audit filter: latest time' }), 'datetime-local')}
      <div className="desk__actions desk-filter__actions">
        <button type="button" className="button" onClick={panel.clear}>
          {t({ message: 'Clear', context: 'lift every audit filter' })}
        </button>
        <button type="submit" className="button desk__primary">
          {t({ message: 'Filter', context: 'apply the audit filters' })}
        </button>
        <a className="button" href={csvUrl} download="audit.csv">
          {t`Export CSV`}
        </a>
      </div>
    </form>
  );
}
