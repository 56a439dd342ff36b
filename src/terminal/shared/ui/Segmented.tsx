import { memo, useId, type KeyboardEvent } from 'react';
import './segmented.css';

interface SegmentedProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string; tone?: 'buy' | 'sell' }[];
  onChange: (value: T) => void;
  /**
   * 'space': the arrow keys move the focus only, and Space (or a click) chooses. For a choice that
   * changes what an order sends (its side, its type): an arrow pressed to nudge a price, with the
   * focus left on the side after a click, turned a sized buy into a sell.
   */
  chooseWith?: 'arrows' | 'space';
}

const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);
const NEXT = new Set(['ArrowRight', 'ArrowDown']);

/** The arrow keys move the focus between the options, choosing none. */
function moveFocusOnly(event: KeyboardEvent<HTMLDivElement>): void {
  const step = PREVIOUS.has(event.key) ? -1 : NEXT.has(event.key) ? 1 : 0;
  if (step === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  const radios = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  const at = radios.indexOf(document.activeElement as HTMLInputElement);
  radios[(at + step + radios.length) % radios.length]?.focus();
}

/** A choice of a few: a radio group that looks like buttons and moves with the arrow keys. */
function SegmentedView<T extends string>({ label, value, options, onChange, chooseWith = 'arrows' }: SegmentedProps<T>) {
  const name = useId();
  return (
    <div className="segmented" role="radiogroup" aria-label={label} onKeyDown={chooseWith === 'space' ? moveFocusOnly : undefined}>
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            className={`segmented__option ${checked ? `segmented__option--on ${option.tone ? `segmented__option--${option.tone}` : ''}` : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        );
      })}
    </div>
  );
}

/** Memoised: a ticket renders on every poll, its choices do not change with the prices. */
export const Segmented = memo(SegmentedView) as typeof SegmentedView;
