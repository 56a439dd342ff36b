import type { SummaryItem } from '@/interface';
import { DASH } from '@/terminal/shared/format/number';
import '../account.css';

/** The config's account summary: a title and a value per item, a dash where nothing feeds it. */
export function SummaryStrip({ items, values }: { items: readonly SummaryItem[]; values: Readonly<Record<string, string>> }) {
  if (items.length === 0) return null;
  return (
    <dl className="summary" aria-label="Account summary">
      {items.map((item) => {
        const value = values[item.id];
        return (
          <div key={item.id} className="summary__item" data-id={item.id}>
            <dt>{item.title}</dt>
            <dd className={`num ${value === undefined ? 'muted' : ''}`} title={value === undefined ? `No source for “${item.id}”` : undefined}>
              {value ?? DASH}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
