import { t } from '@lingui/core/macro';
import { groupDecimalText } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import type { LadderLeg } from '../model/ladder';

/** The ladder's orders before they are added: price and quantity of each. */
export function LadderPreview({ legs }: { legs: readonly LadderLeg[] }) {
  useLocale();
  return (
    <table className="ladder-preview" aria-label={t`Ladder preview`}>
      <thead>
        <tr>
          <th>#</th>
          <th className="right">{t({ message: 'Price', context: 'order price column' })}</th>
          <th className="right">{t({ message: 'Quantity', context: 'order quantity column' })}</th>
        </tr>
      </thead>
      <tbody>
        {legs.map((leg, index) => (
          <tr key={index}>
            <td className="muted">{index + 1}</td>
            <td className="num right">{groupDecimalText(leg.price)}</td>
            <td className="num right">{groupDecimalText(leg.quantity)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
