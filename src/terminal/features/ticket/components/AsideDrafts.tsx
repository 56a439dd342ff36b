import { plural, t } from '@lingui/core/macro';
import { groupDecimalText } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { sideWord } from '../messages';
import { activeRowOf, type AsideDraft } from '../model/aside';
import { useAsideDrafts, useTicketActions } from '../store';
import { heldRowPrice } from './heldWords';

/** One line for a draft set aside: its order as the trader made it, or how many for a batch. */
function draftWords(draft: AsideDraft): string {
  const row = activeRowOf(draft);
  if (!row) return '';
  if (draft.rows.length > 1) {
    const count = draft.rows.length;
    const markets = [...new Set(draft.rows.map((item) => item.symbol))].join(', ');
    return plural(count, { one: `# order: ${markets}`, other: `# orders: ${markets}` });
  }
  const side = sideWord(row.side);
  const size = groupDecimalText(row.size);
  const { symbol } = row;
  if (row.kind === 'market') return t`${side} ${size} ${symbol} at market`;
  // A held kind at its own price ("Stop 97,000"), never the limit price it keeps but does not send.
  const price = row.heldKind !== undefined ? heldRowPrice({ ...row, heldKind: row.heldKind }) : groupDecimalText(row.price);
  if (row.heldKind !== undefined) return t`${side} ${size} ${symbol} at ${price}`;
  return row.price.trim() ? t`${side} ${size} ${symbol} at ${price}` : t`${side} ${size} ${symbol}, no price yet`;
}

/**
 * The sized orders a gesture set aside (a market clicked, a side key): listed under the ticket's
 * head, each restored or discarded only by the trader. Nothing here is ever sent.
 */
export function AsideDrafts() {
  useLocale();
  const aside = useAsideDrafts();
  const actions = useTicketActions();
  if (aside.length === 0) return null;
  return (
    <section className="aside-drafts" aria-labelledby="aside-drafts-title">
      <h3 id="aside-drafts-title" className="aside-drafts__title">
        {plural(aside.length, { one: '# order set aside', other: '# orders set aside' })}
      </h3>
      <ul className="aside-drafts__list">
        {aside.map((draft) => {
          const words = draftWords(draft);
          return (
            <li key={draft.id} className="aside-drafts__item">
              <span className="aside-drafts__words num">{words}</span>
              <button type="button" className="button button--ghost" aria-label={t`Restore: ${words}`} onClick={() => actions.restoreAside(draft.id)}>
                {t({ message: 'Restore', context: 'bring an order set aside back into the ticket' })}
              </button>
              <button type="button" className="button button--ghost" aria-label={t`Discard: ${words}`} onClick={() => actions.discardAside(draft.id)}>
                {t({ message: 'Discard', context: 'drop an order set aside' })}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
