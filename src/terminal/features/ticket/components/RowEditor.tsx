import { t } from '@lingui/core/macro';
import type { Duration } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Field } from '@/terminal/shared/ui/Field';
import { Segmented } from '@/terminal/shared/ui/Segmented';
import type { CheckedRow } from '../model/checkTicket';
import type { HeldCheck } from '../model/checkHeld';
import { heldKinds, type HeldKind } from '../model/heldTypes';
import { BracketFields } from './BracketFields';
import { HeldOrderFields } from './HeldOrderFields';
import { kindLabel } from './heldWords';
import type { DraftRow, MarketContext } from '../model/types';
import { DurationFields } from './DurationFields';
import { MoreFields } from './MoreFields';
import { MarketPriceField, PriceField, SizeField } from './OrderFields';
import { useRowEditor } from './RowEditor.script';
import { SidePicker } from './SidePicker';
import type { SizeUnitSetting } from './useSizeUnit.script';
import { RowWarnings } from './WarningList';

interface RowEditorProps {
  row: DraftRow;
  checked: CheckedRow | undefined;
  market: MarketContext | undefined;
  durations: readonly Duration[];
  sizing: SizeUnitSetting;
  /** The order as a held kind or bracket, when it is one. */
  heldCheck?: HeldCheck;
  /** Whether held kinds and exits are offered (the app gives the ticket a way to arm them). */
  heldOffered: boolean;
}

const entryKinds = ['limit', 'market'] as const;

function kindOptions(heldOffered: boolean) {
  return [...entryKinds, ...(heldOffered ? heldKinds : [])].map((value) => ({ value, label: kindLabel(value) }));
}

/** Every field of one order of the ticket, with its errors inline as it is typed. */
export function RowEditor({ row, checked, market, durations, sizing, heldCheck, heldOffered }: RowEditorProps) {
  useLocale();
  const editor = useRowEditor(row, checked, market, durations, sizing, heldCheck);
  const held = row.heldKind !== undefined;
  const orderSides = { BUY: t`Buy / Long`, SELL: t`Sell / Short` };
  return (
    <div className="ticket__editor" data-enter-sends>
      {editor.errors.line ? (
        <p className="field__error ticket__paste-error" role="alert">
          {editor.errors.line} {t`Editing the order clears this.`}
        </p>
      ) : null}
      <SidePicker label={t({ message: 'Side', context: 'order side: buy or sell' })} value={row.side} words={orderSides} onChange={(side) => editor.update({ side })} chooseWith="space" />
      <div className="held__kinds">
        <Segmented<'limit' | 'market' | HeldKind> label={t`Order type`} value={row.heldKind ?? row.kind} options={kindOptions(heldOffered)} onChange={editor.chooseKind} chooseWith="space" />
      </div>
      <Field label={t({ message: 'Symbol', context: 'the market traded, e.g. PERP_BTC_USDC' })} error={editor.errors.symbol} quietUntilTouched={editor.quiet.symbol}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={row.symbol}
            placeholder="PERP_BTC_USDC"
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => editor.changeSymbol(event.target.value.trim().toUpperCase())}
          />
        )}
      </Field>
      {held ? <HeldOrderFields editor={editor} /> : row.kind === 'limit' ? <PriceField editor={editor} /> : <MarketPriceField editor={editor} />}
      <SizeField editor={editor} />
      {held ? null : <DurationFields editor={editor} />}
      {!held && heldOffered ? <BracketFields editor={editor} /> : null}
      {held ? null : <MoreFields editor={editor} />}
      <RowWarnings warnings={editor.warnings} />
    </div>
  );
}
