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

const clearedWords = {
  noPrice: 'Size cleared: there was no price to convert it at',
  belowStep: 'Size cleared: it came to less than one step',
} as const;

/** Under a USD size: the base quantity it sends and the price it is worked out at, or which price it will be. */
function usdHint({ quantity, reference, convertsAt, market, base }: RowEditorModel): string {
  if (!quantity || !market || !reference) {
    return `Sent in ${base || 'base quantity'}: USD ÷ ${convertsAt === 'mark' ? 'mark price' : 'limit price'}, rounded down to the step`;
  }
  const at = reference.from === 'mark' ? `at mark ${formatFixed(reference.price.toNumber(), market.priceDecimals)}` : 'at the limit price';
  return `Sends ${quantity.toFixed(market.quantityDecimals)} ${base} ${at}`;
}

/** What the size field says under it: what a USD size sends, a cleared size's reason, or the notional. */
function sizeHint(editor: RowEditorModel): string | undefined {
  if (editor.sizeCleared) return clearedWords[editor.sizeCleared];
  if (editor.inUsd) return usdHint(editor);
  return editor.notional ? `≈ ${formatFixed(editor.notional.toNumber(), 2)} USDC` : undefined;
}

function sizeLabel({ byAmount, inUsd, base }: RowEditorModel): string {
  if (inUsd) return 'Size (USD)';
  return byAmount ? 'Amount (USDC)' : `Quantity${base ? ` (${base})` : ''}`;
}

/**
 * Quantity in the base asset, a USD size the ticket turns into one, or for a market order an
 * amount in USDC; the "USD" switch is the trader's size unit, shared with the settings.
 */
export function SizeField({ editor }: { editor: RowEditorModel }) {
  const { row, errors, base, byAmount, inUsd } = editor;
  return (
    <Field label={sizeLabel(editor)} error={errors.size} quietUntilTouched={editor.quiet.size} hint={sizeHint(editor)}>
      {(props) => (
        <div className="input-group">
          <DecimalInput {...props} name="size" autoComplete="off" step={editor.sizeStep} min="0" value={row.size} onChange={(size) => editor.update({ size })} />
          <button
            type="button"
            className="button button--ghost ticket__unit"
            aria-pressed={inUsd}
            title={inUsd ? 'Sizing in USD: press to size in base quantity' : 'Press to size in USD'}
            onClick={editor.toggleUsd}
          >
            USD
          </button>
          {row.kind === 'market' && !inUsd ? (
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
