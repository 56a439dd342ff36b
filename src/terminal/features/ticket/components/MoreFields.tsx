import { DecimalInput } from '@/terminal/shared/ui/DecimalInput';
import { Field } from '@/terminal/shared/ui/Field';
import { Segmented } from '@/terminal/shared/ui/Segmented';
import { RecvWindowField } from './RecvWindowField';
import type { RowEditorModel } from './RowEditor.script';

/** The fields most orders leave alone: visible quantity, tag, margin mode, client order id, receive window. */
export function MoreFields({ editor }: { editor: RowEditorModel }) {
  const { row, errors, update } = editor;
  return (
    <details className="ticket__more">
      <summary>More: visible quantity, tag, margin, ids</summary>
      <Field label="Visible quantity" error={errors.visibleQuantity} hint="Empty shows it all; 0 hides the order">
        {(props) => (
          <DecimalInput {...props} step={editor.quantityStep} min="0" value={row.visibleQuantity} onChange={(visibleQuantity) => update({ visibleQuantity })} />
        )}
      </Field>
      <Field label="Order tag" error={errors.tag}>
        {(props) => <input {...props} className="input" value={row.tag} maxLength={200} onChange={(event) => update({ tag: event.target.value })} />}
      </Field>
      <Segmented
        label="Margin mode"
        value={row.marginMode}
        options={[
          { value: 'CROSS', label: 'Cross' },
          { value: 'ISOLATED', label: 'Isolated' },
        ]}
        onChange={(marginMode) => update({ marginMode })}
      />
      <Field label="Client order id" error={errors.clientOrderId}>
        {(props) => (
          <input {...props} className="input" spellCheck={false} value={row.clientOrderId} onChange={(event) => update({ clientOrderId: event.target.value })} />
        )}
      </Field>
      <RecvWindowField />
    </details>
  );
}
