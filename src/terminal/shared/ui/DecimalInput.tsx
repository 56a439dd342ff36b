import type { ClipboardEvent, InputHTMLAttributes, KeyboardEvent } from 'react';
import { cleanPastedDecimal, isDecimalDraft, stepDecimal } from '../format/decimalText';

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
 * A text field for a price, a quantity or an amount: it takes digits and one point only, cleans
 * a pasted 1,234.5 or 1 234.5, and steps exactly with the arrow keys. Spread the Field's props on it.
 */
export function DecimalInput({ value, onChange, step, min, className = 'input num', onKeyDown, onPaste, ...props }: DecimalInputProps) {
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
    take(value.slice(0, start) + cleanPastedDecimal(event.clipboardData.getData('text')) + value.slice(end));
  };
  return (
    <input
      {...props}
      className={className}
      inputMode="decimal"
      value={value}
      onChange={(event) => take(event.target.value)}
      onKeyDown={keyDown}
      onPaste={paste}
    />
  );
}
