import { useLocale } from '@/terminal/shared/i18n/i18n';
import { keysOf } from '../model/chord';

/** A chord as the keys to press, each in its <kbd>. */
export function Keys({ keys }: { keys: string }) {
  useLocale();
  const parts = keysOf(keys);
  return (
    <kbd className="keys">
      {parts.map((part, index) => (
        <kbd key={index}>{part}</kbd>
      ))}
    </kbd>
  );
}
