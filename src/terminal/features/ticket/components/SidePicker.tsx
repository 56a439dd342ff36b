import type { Side } from '@/interface';
import { Segmented } from '@/terminal/shared/ui/Segmented';

interface SidePickerProps {
  label: string;
  value: Side;
  /** Each side as this form says it: "Buy / Long", "Buy ladder". */
  words: Readonly<Record<Side, string>>;
  onChange: (side: Side) => void;
  /** See Segmented: 'space' for an order's own side. */
  chooseWith?: 'arrows' | 'space';
}

/** Buy or sell, each in its colour. */
export function SidePicker({ label, value, words, onChange, chooseWith }: SidePickerProps) {
  return (
    <Segmented
      label={label}
      value={value}
      options={[
        { value: 'BUY', label: words.BUY, tone: 'buy' },
        { value: 'SELL', label: words.SELL, tone: 'sell' },
      ]}
      onChange={onChange}
      chooseWith={chooseWith}
    />
  );
}
