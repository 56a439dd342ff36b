import { memo, useId } from 'react';
import './segmented.css';

interface SegmentedProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string; tone?: 'buy' | 'sell' }[];
  onChange: (value: T) => void;
}

/** A choice of a few: a radio group that looks like buttons and moves with the arrow keys. */
function SegmentedView<T extends string>({ label, value, options, onChange }: SegmentedProps<T>) {
  const name = useId();
  return (
    <div className="segmented" role="radiogroup" aria-label={label}>
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
