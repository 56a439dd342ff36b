import { t } from '@lingui/core/macro';
import { Field } from '@/terminal/shared/ui/Field';
import { limitFields, limitLabel, userOnlyFields, type LimitField } from '../model/limitsForm';
import type { DeskLimitsPanel } from './DeskLimits.script';

const hintOf = (field: LimitField): string | undefined => {
  if (field === 'symbols') return t`Blank: every symbol. Else as PERP_BTC_USDC, separated by commas.`;
  if (field === 'maxOpenHeld') return undefined;
  return t`USDC; blank lifts the limit.`;
};

/** The limits of one user or account, edited as a whole: blank lifts a limit; each bad field named. */
export function LimitsForm({ panel, scope }: { panel: DeskLimitsPanel; scope: 'user' | 'account' }) {
  const editing = panel.editing;
  if (!editing) return null;
  const fields = limitFields.filter((field) => scope === 'user' || !userOnlyFields.includes(field));
  const issueOf = (field: LimitField) => editing.issues.find((issue) => issue.field === field)?.message;
  const name = editing.name;
  return (
    <form
      className="desk-form"
      noValidate
      aria-label={t`Limits of ${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        panel.submitEdit();
      }}
    >
      <div className="desk-form__fields">
        {fields.map((field) => (
          <Field key={field} label={limitLabel(field)} error={issueOf(field)} hint={hintOf(field)}>
            {(props) => (
              <input
                {...props}
                className="input"
                inputMode={field === 'symbols' ? 'text' : 'decimal'}
                autoComplete="off"
                value={editing.draft[field]}
                onChange={(event) => panel.changeDraft({ [field]: event.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      <label className="desk__check">
        <input type="checkbox" checked={editing.draft.tradingOff} onChange={(event) => panel.changeDraft({ tradingOff: event.target.checked })} />
        {limitLabel('tradingOff')}
      </label>
      <div className="desk__actions">
        <button type="button" className="button" onClick={panel.cancelEdit}>
          {t({ message: 'Cancel', context: 'leave the limits form without saving' })}
        </button>
        <button type="submit" className="button desk__primary" disabled={panel.saving}>
          {t({ message: 'Save limits', context: 'send the limits form' })}
        </button>
      </div>
    </form>
  );
}
