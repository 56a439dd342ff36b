import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { formatFixed, formatPercent } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { DecimalInput } from '@/terminal/shared/ui/DecimalInput';
import { Field } from '@/terminal/shared/ui/Field';
import type { RowEditorModel } from './RowEditor.script';

/** The limit price, with the distance from mark and a button to take the mark. */
export function PriceField({ editor }: { editor: RowEditorModel }) {
  useLocale();
  const { row, errors, fromMark, market } = editor;
  const distance = fromMark !== undefined ? formatPercent(fromMark) : undefined;
  return (
    <Field label={t`Price (USDC)`} error={errors.price} quietUntilTouched={editor.quiet.price} hint={distance !== undefined ? t`${distance} from mark` : undefined}>
      {(props) => (
        <div className="input-group">
          <DecimalInput {...props} name="price" autoComplete="off" step={editor.priceStep} min="0" value={row.price} onChange={(price) => editor.update({ price })} />
          <button type="button" className="button button--ghost" disabled={!market} onClick={editor.fillMark}>
            {t({ message: 'Mark', context: 'button: take the mark price as the limit price' })}
          </button>
        </div>
      )}
    </Field>
  );
}

const clearedWords = {
  noPrice: msg`Size cleared: there was no price to convert it at`,
  belowStep: msg`Size cleared: it came to less than one step`,
} as const;

/** Under a USD size: the base quantity it sends and the price it is worked out at, or which price it will be. */
function usdHint({ quantity, reference, convertsAt, market, base }: RowEditorModel): string {
  if (!quantity || !market || !reference) {
    if (convertsAt === 'mark') {
      return base ? t`Sent in ${base}: USD ÷ mark price, rounded down to the step` : t`Sent in base quantity: USD ÷ mark price, rounded down to the step`;
    }
    return base ? t`Sent in ${base}: USD ÷ limit price, rounded down to the step` : t`Sent in base quantity: USD ÷ limit price, rounded down to the step`;
  }
  const sent = quantity.toFixed(market.quantityDecimals);
  if (reference.from === 'limit') return t`Sends ${sent} ${base} at the limit price`;
  const markPrice = formatFixed(reference.price.toNumber(), market.priceDecimals);
  return t`Sends ${sent} ${base} at mark ${markPrice}`;
}

/** What the size field says under it: what a USD size sends, a cleared size's reason, or the notional. */
function sizeHint(editor: RowEditorModel): string | undefined {
  if (editor.sizeCleared) return i18n._(clearedWords[editor.sizeCleared]);
  if (editor.inUsd) return usdHint(editor);
  const notional = editor.notional ? formatFixed(editor.notional.toNumber(), 2) : undefined;
  return notional ? t`≈ ${notional} USDC` : undefined;
}

function sizeLabel({ byAmount, inUsd, base }: RowEditorModel): string {
  if (inUsd) return t`Size (USD)`;
  if (byAmount) return t`Amount (USDC)`;
  return base ? t`Quantity (${base})` : t`Quantity`;
}

/**
 * Quantity in the base asset, a USD size the ticket turns into one, or for a market order an
 * amount in USDC; the "USD" switch is the trader's size unit, shared with the settings.
 */
export function SizeField({ editor }: { editor: RowEditorModel }) {
  useLocale();
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
            title={inUsd ? t`Sizing in USD: press to size in base quantity` : t`Press to size in USD`}
            onClick={editor.toggleUsd}
          >
            USD
          </button>
          {row.kind === 'market' && !inUsd ? (
            <button
              type="button"
              className="button button--ghost"
              aria-label={byAmount ? t`Size by quantity instead` : t`Size by amount instead`}
              onClick={editor.toggleSizeUnit}
            >
              {byAmount ? 'USDC' : base || t({ message: 'Qty', context: 'quantity, abbreviated on a button' })}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
