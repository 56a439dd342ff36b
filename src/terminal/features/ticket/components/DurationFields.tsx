import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Field } from '@/terminal/shared/ui/Field';
import type { RowEditorModel } from './RowEditor.script';

/** The durations the config offers for the order kind, and the expiry a duration asks for. */
export function DurationFields({ editor }: { editor: RowEditorModel }) {
  useLocale();
  const { row, errors, offered, duration, update } = editor;
  return (
    <>
      {offered.length > 0 ? (
        <Field label={t({ message: 'Duration', context: 'time in force of an order' })} error={errors.durationId ?? errors.expiry}>
          {(props) => (
            <select {...props} className="input" value={duration?.id ?? row.durationId} onChange={(event) => update({ durationId: event.target.value })}>
              {offered.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {duration?.hasDatePicker || duration?.hasTimePicker ? (
        <div className="ticket__expiry">
          {duration.hasDatePicker ? (
            <Field label={t`Expiry date`}>
              {(props) => <input {...props} type="date" className="input" value={row.expiryDate} onChange={(event) => update({ expiryDate: event.target.value })} />}
            </Field>
          ) : null}
          {duration.hasTimePicker ? (
            <Field label={t`Expiry time`}>
              {(props) => <input {...props} type="time" className="input" value={row.expiryTime} onChange={(event) => update({ expiryTime: event.target.value })} />}
            </Field>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
