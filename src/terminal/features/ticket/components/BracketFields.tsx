import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { hasBracket } from '../model/heldRow';
import { exitsPromise } from './heldWords';
import { HeldInput } from './HeldOrderFields';
import type { RowEditorModel } from './RowEditor.script';

/**
 * A limit or market entry's take-profit and stop-loss: typed here, the order goes as a bracket
 * (POST /api/brackets), its exits held by the proxy until the entry is accepted.
 */
export function BracketFields({ editor }: { editor: RowEditorModel }) {
  useLocale();
  const { priceStep } = editor;
  const market = t`Empty: at market`;
  return (
    <details className="ticket__more held__bracket" open={hasBracket(editor.row) || undefined}>
      <summary>{t`Take-profit / stop-loss`}</summary>
      <p className="muted held__promise">{exitsPromise()}</p>
      <div className="held__grid">
        <HeldInput editor={editor} name="takeProfit" label={t`Take-profit trigger`} step={priceStep} />
        <HeldInput editor={editor} name="takeProfitPrice" label={t`Take-profit limit price`} step={priceStep} hint={market} />
        <HeldInput editor={editor} name="stopLoss" label={t`Stop-loss trigger`} step={priceStep} />
        <HeldInput editor={editor} name="stopLossPrice" label={t`Stop-loss limit price`} step={priceStep} hint={market} />
      </div>
    </details>
  );
}
