import { useEffect, useId, useRef, useState, type ClipboardEvent, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { typedEdit, type DecimalRefusal } from '../format/decimalKeys';
import { cleanPastedDecimal, isDecimalDraft, readAsThousands, shownDecimal, stepDecimal } from '../format/decimalText';
import { formatLocale, separators } from '../format/locale';
import { refusalText } from './decimalRefusal';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'step' | 'type' | 'inputMode'>;

export interface DecimalInputProps extends NativeProps {
  /** The exact decimal text; never a float, so no digit is lost on the way. */
  value: string;
  onChange(value: string): void;
  /** What ArrowUp and ArrowDown add and take away, as decimal text ("0.1"); without it they move the caret. */
  step?: string;
  /** Arrow keys stop here; with min ≥ 0 a minus sign is refused. Typing below it is left to the form's checks. */
  min?: string;
  /**
   * What the first arrow key in an empty field puts there (a price: the mark at its tick), so the
   * next ones step from a price near the market, not from 0.1. Without it they step from 0.
   */
  startAt?: string;
  /** Told whether a refusal stands under the field: a form may ask before sending what was typed around it. */
  onRefusal?(standing: boolean): void;
}

/**
 * A text field for a price, a quantity or an amount: it takes digits and one decimal separator
 * only (the locale's, or a point: "0,25" and "0.25" are both 0.25 in de), cleans a pasted 1,234.5
 * or 1 234.5 as the locale groups thousands, and steps exactly with the arrow keys. It shows the
 * value with the locale's decimal separator, never grouped; `value` and `onChange` are always the
 * canonical text with a point, which the ticket computes and sends. Spread the Field's props on it.
 *
 * What it cannot take is refused where the trader looks: the field is marked and says why under
 * itself ("“,” is not the decimal separator in English"), never dropped in silence: a comma lost
 * from "0,5" once sent ten times the quantity typed.
 */
export function DecimalInput({ value, onChange, step, min, startAt, className = 'input num', onKeyDown, onPaste, onRefusal, ...props }: DecimalInputProps) {
  const locale = separators();
  const refusalId = useId();
  // The value when it was refused: the complaint holds while the trader only adds to that value,
  // not once the field is mended or set anew from outside (a send clears the size).
  const [refused, setRefused] = useState<{ refusal: DecimalRefusal; at: string; readIn: string } | null>(null);
  const refusal = refused && value.startsWith(refused.at) ? refused.refusal : null;
  const standing = refusal !== null;
  // Told when a refusal comes and when it is mended here. A field that goes (another tool, a row
  // added, a reload) leaves it standing with its order: what it left in the value is still there.
  const reported = useRef(false);
  useEffect(() => {
    if (standing === reported.current) return;
    reported.current = standing;
    onRefusal?.(standing);
    // Only the change matters; a new callback each render is not a new refusal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [standing]);
  const refuse = (found: DecimalRefusal) => setRefused({ refusal: found, at: value, readIn: formatLocale() });
  const accept = (text: string) => {
    setRefused(null);
    onChange(text);
  };
  const take = (text: string, pasted: string) => {
    if (!isDecimalDraft(text, min)) return refuse({ code: 'notANumber', text: pasted, decimal: locale.decimal });
    accept(text);
    // Read one way of two: said, and it stands like a refusal, so a form asks before sending it.
    if (readAsThousands(pasted, locale)) setRefused({ refusal: { code: 'readAsThousands', text: pasted, read: text, group: locale.group }, at: text, readIn: formatLocale() });
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (!step || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    if (value.trim() === '' && startAt) return accept(startAt);
    const next = stepDecimal(value, step, event.key === 'ArrowUp' ? 1 : -1, min);
    if (next !== undefined) accept(next);
  };
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    // The shown text is as long as the value: the selection is the same in both.
    const pasted = event.clipboardData.getData('text');
    take(value.slice(0, start) + cleanPastedDecimal(pasted, locale) + value.slice(end), pasted.trim());
  };
  const shown = shownDecimal(value, locale);
  const describedBy = [props['aria-describedby'], refusal ? refusalId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <input
        {...props}
        className={refusal ? `${className} input--refused` : className}
        inputMode="decimal"
        value={shown}
        aria-invalid={props['aria-invalid'] || refusal !== null}
        aria-describedby={describedBy}
        onChange={(event) => {
          const edit = typedEdit(shown, event.target.value, locale, min);
          if (!('value' in edit)) refuse(edit.refused);
          // The complaint stays while digits are added after it ("0,5" shows 05 with why), and
          // goes once the trader deletes to mend it.
          else if (edit.value.length < value.length) accept(edit.value);
          else onChange(edit.value);
        }}
        onKeyDown={keyDown}
        onPaste={paste}
      />
      {refusal ? (
        <div className="field__refusal" id={refusalId} role="alert">
          {refusalText(refusal, refused!.readIn)}
        </div>
      ) : null}
    </>
  );
}
