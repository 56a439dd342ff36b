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
          <DecimalInput {...props} name="price" autoComplete="off" step={editor.priceStep} startAt={editor.markText} min="0" value={row.price} onChange={(price) => editor.update({ price })} onRefusal={(standing) => editor.noteRefusal('price', standing)} />
          <button type="button" className="button button--ghost" disabled={!market} onClick={editor.fillMark}>
            {t({ message: 'Mark', context: 'button: take the mark price as the limit price' })}
          </button>
        </div>
      )}
    </Field>
  );
}

/** A market order's estimated price (the mark) and what is sent for it: an IOC at its bound, or MARKET. */
export function MarketPriceField({ editor }: { editor: RowEditorModel }) {
  useLocale();
  const { row, errors, estimate, market, slippage } = editor;
  const decimals = market?.priceDecimals ?? 2;
  const mark = estimate ? formatFixed(estimate.mark.toNumber(), decimals) : '—';
  const bound = estimate?.bound ? formatFixed(estimate.bound.toNumber(), decimals) : undefined;
  const percent = slippage !== null ? formatPercent(slippage, 2, false) : '';
  let hint = t`Sent as MARKET with no price bound: asked before every send`;
  if (bound) hint = row.side === 'BUY' ? t`Sent as IOC at most ${bound} (mark + ${percent})` : t`Sent as IOC at least ${bound} (mark − ${percent})`;
  return (
    <Field label={t`Estimated price (mark)`} error={errors.price} hint={slippage === null || bound ? hint : undefined}>
      {(props) => (
        <output {...props} className="num ticket__estimate">
          {mark}
        </output>
      )}
    </Field>
  );
}

const clearedWords = {
  noPrice: msg`Size cleared: there was no price to convert it at`,
  belowStep: msg`Size cleared: it came to less than one step`,
  amountIsMarketOnly: msg`Size cleared: it was an amount in USDC, and a limit order is sized in quantity`,
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
  if (!notional || editor.row.kind !== 'market') return notional ? t`≈ ${notional} USDC` : undefined;
  // An amount goes as a quantity in a bounded IOC: the ticket says which.
  if (editor.byAmount && editor.quantity && editor.market) {
    const sent = editor.quantity.toFixed(editor.market.quantityDecimals);
    const base = editor.base;
    return t`Sends ${sent} ${base}: amount ÷ bound, rounded down to the step (≈ ${notional} USDC at mark)`;
  }
  return t`≈ ${notional} USDC at mark`;
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
  // A size the ticket emptied says why in place of "Enter a quantity", which would hide the reason.
  const error = errors.size && editor.sizeCleared ? i18n._(clearedWords[editor.sizeCleared]) : errors.size;
  return (
    <Field label={sizeLabel(editor)} error={error} quietUntilTouched={editor.quiet.size} hint={sizeHint(editor)}>
      {(props) => (
        <div className="input-group">
          <DecimalInput {...props} name="size" autoComplete="off" step={editor.sizeStep} min="0" value={row.size} onChange={(size) => editor.update({ size })} onRefusal={(standing) => editor.noteRefusal('size', standing)} />
          <button
            type="button"
            className="button button--ghost ticket__unit"
            aria-pressed={inUsd}
            title={inUsd ? t`Sizing in USD: press to size in base quantity` : t`Press to size in USD`}
            onClick={editor.toggleUsd}
          >
            USD
          </button>
          {row.kind === 'market' && row.heldKind === undefined && !inUsd ? (
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
