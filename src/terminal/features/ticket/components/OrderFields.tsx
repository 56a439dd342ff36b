import { formatFixed, formatPercent } from '@/terminal/shared/format/number';
import { DecimalInput } from '@/terminal/shared/ui/DecimalInput';
import { Field } from '@/terminal/shared/ui/Field';
import type { RowEditorModel } from './RowEditor.script';

/** The limit price, with the distance from mark and a button to take the mark. */
export function PriceField({ editor }: { editor: RowEditorModel }) {
  const { row, errors, fromMark, market } = editor;
  return (
    <Field label="Price (USDC)" error={errors.price} quietUntilTouched={editor.quiet.price} hint={fromMark !== undefined ? `${formatPercent(fromMark)} from mark` : undefined}>
      {(props) => (
        <div className="input-group">
          <DecimalInput {...props} name="price" autoComplete="off" step={editor.priceStep} min="0" value={row.price} onChange={(price) => editor.update({ price })} />
          <button type="button" className="button button--ghost" disabled={!market} onClick={editor.fillMark}>
            Mark
          </button>
        </div>
      )}
    </Field>
  );
}

/** Quantity in the base asset, or for a market order an amount in USDC, with its notional. */
export function SizeField({ editor }: { editor: RowEditorModel }) {
  const { row, errors, notional, base, byAmount } = editor;
  return (
    <Field
      label={byAmount ? 'Amount (USDC)' : `Quantity${base ? ` (${base})` : ''}`}
      error={errors.size}
      quietUntilTouched={editor.quiet.size}
      hint={notional ? `≈ ${formatFixed(notional.toNumber(), 2)} USDC` : undefined}
    >
      {(props) => (
        <div className="input-group">
          <DecimalInput {...props} name="size" autoComplete="off" step={editor.sizeStep} min="0" value={row.size} onChange={(size) => editor.update({ size })} />
          {row.kind === 'market' ? (
            <button
              type="button"
              className="button button--ghost"
              aria-label={byAmount ? 'Size by quantity instead' : 'Size by amount instead'}
              onClick={editor.toggleSizeUnit}
            >
              {byAmount ? 'USDC' : base || 'Qty'}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
