import type { ClipboardEvent, InputHTMLAttributes, KeyboardEvent } from 'react';
import { cleanPastedDecimal, isDecimalDraft, shownDecimal, stepDecimal, typedDecimal } from '../format/decimalText';
import { separators } from '../format/locale';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'step' | 'type' | 'inputMode'>;

export interface DecimalInputProps extends NativeProps {
  /** The exact decimal text; never a float, so no digit is lost on the way. */
  value: string;
  onChange(value: string): void;
  /** What ArrowUp and ArrowDown add and take away, as decimal text ("0.1"); without it they move the caret. */
  step?: string;
  /** Arrow keys stop here; with min ≥ 0 a minus sign is refused. Typing below it is left to the form's checks. */
  min?: string;
}

/**
 * A text field for a price, a quantity or an amount: it takes digits and one decimal separator
 * only (the locale's, or a point: "0,25" and "0.25" are both 0.25 in de), cleans a pasted 1,234.5
 * or 1 234.5 as the locale groups thousands, and steps exactly with the arrow keys. It shows the
 * value with the locale's decimal separator, never grouped; `value` and `onChange` are always the
 * canonical text with a point, which the ticket computes and sends. Spread the Field's props on it.
 */
export function DecimalInput({ value, onChange, step, min, className = 'input num', onKeyDown, onPaste, ...props }: DecimalInputProps) {
  const locale = separators();
  const take = (text: string) => {
    if (isDecimalDraft(text, min)) onChange(text);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (!step || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const next = stepDecimal(value, step, event.key === 'ArrowUp' ? 1 : -1, min);
    if (next !== undefined) onChange(next);
  };
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    // The shown text is as long as the value: the selection is the same in both.
    take(value.slice(0, start) + cleanPastedDecimal(event.clipboardData.getData('text'), locale) + value.slice(end));
  };
  return (
    <input
      {...props}
      className={className}
      inputMode="decimal"
      value={shownDecimal(value, locale)}
      onChange={(event) => take(typedDecimal(event.target.value, locale))}
      onKeyDown={keyDown}
      onPaste={paste}
    />
  );
}
