import type { SummaryItem } from '@/interface';
import { DASH } from '@/terminal/shared/format/number';
import { honestSummaryItems } from '../model/summary';
import '../account.css';

/** The config's account summary: a title and a value per item, a dash where nothing feeds it. */
export function SummaryStrip({ items, values }: { items: readonly SummaryItem[]; values: Readonly<Record<string, string>> }) {
  if (items.length === 0) return null;
  return (
    <dl className="summary" aria-label="Account summary">
      {items.map((item) => {
        const value = values[item.id];
        const honest = honestSummaryItems[item.id];
        return (
          <div key={item.id} className="summary__item" data-id={item.id} title={honest?.tooltip}>
            <dt>{honest?.title ?? item.title}</dt>
            <dd className={`num ${value === undefined ? 'muted' : ''}`} title={value === undefined ? `No source for “${item.id}”` : undefined}>
              {value ?? DASH}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
