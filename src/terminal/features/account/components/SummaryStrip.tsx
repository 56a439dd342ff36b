import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { SummaryItem } from '@/interface';
import { DASH } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { honestSummaryItems } from '../model/summary';
import '../account.css';

/** The config's account summary: a title and a value per item, a dash where nothing feeds it. */
export function SummaryStrip({ items, values }: { items: readonly SummaryItem[]; values: Readonly<Record<string, string>> }) {
  useLocale();
  if (items.length === 0) return null;
  return (
    <dl className="summary" aria-label={t`Account summary`}>
      {items.map((item) => {
        const value = values[item.id];
        const honest = honestSummaryItems[item.id];
        const itemId = item.id;
        return (
          <div key={item.id} className="summary__item" data-id={item.id} title={honest ? i18n._(honest.tooltip) : undefined}>
            <dt>{honest ? i18n._(honest.title) : item.title}</dt>
            <dd className={`num ${value === undefined ? 'muted' : ''}`} title={value === undefined ? t`No source for “${itemId}”` : undefined}>
              {/* A figure with its currency or unit reads whole, left to right, in Arabic too. */}
              <span dir="ltr">{value ?? DASH}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
