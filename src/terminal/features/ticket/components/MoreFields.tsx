import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { DecimalInput } from '@/terminal/shared/ui/DecimalInput';
import { Field } from '@/terminal/shared/ui/Field';
import { Segmented } from '@/terminal/shared/ui/Segmented';
import { RecvWindowField } from './RecvWindowField';
import type { RowEditorModel } from './RowEditor.script';

/** The fields most orders leave alone: visible quantity, tag, margin mode, client order id, receive window. */
export function MoreFields({ editor }: { editor: RowEditorModel }) {
  useLocale();
  const { row, errors, update } = editor;
  return (
    <details className="ticket__more">
      <summary>{t`More: visible quantity, tag, margin, ids`}</summary>
      <Field label={t`Visible quantity`} error={errors.visibleQuantity} hint={t`Empty shows it all; 0 hides the order`}>
        {(props) => (
          <DecimalInput {...props} step={editor.quantityStep} min="0" value={row.visibleQuantity} onChange={(visibleQuantity) => update({ visibleQuantity })} />
        )}
      </Field>
      <Field label={t`Order tag`} error={errors.tag}>
        {(props) => <input {...props} className="input" value={row.tag} maxLength={200} onChange={(event) => update({ tag: event.target.value })} />}
      </Field>
      <Segmented
        label={t`Margin mode`}
        value={row.marginMode}
        options={[
          { value: 'CROSS', label: t({ message: 'Cross', context: 'margin mode' }) },
          { value: 'ISOLATED', label: t({ message: 'Isolated', context: 'margin mode' }) },
        ]}
        onChange={(marginMode) => update({ marginMode })}
        chooseWith="space"
      />
      <Field label={t`Client order id`} error={errors.clientOrderId}>
        {(props) => (
          <input {...props} className="input" spellCheck={false} value={row.clientOrderId} onChange={(event) => update({ clientOrderId: event.target.value })} />
        )}
      </Field>
      <RecvWindowField />
    </details>
  );
}
