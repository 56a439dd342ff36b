import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { DecimalInput } from '@/terminal/shared/ui/DecimalInput';
import { Field } from '@/terminal/shared/ui/Field';
import { Segmented } from '@/terminal/shared/ui/Segmented';
import { limitKinds, triggeredKinds, type HeldFields } from '../model/heldTypes';
import { heldOf } from '../model/heldRow';
import type { RowEditorModel } from './RowEditor.script';

type TextField = Exclude<keyof HeldFields, 'trailingUnit'>;

interface HeldInputProps {
  editor: RowEditorModel;
  name: TextField;
  label: string;
  hint?: string;
  /** The tick of a price; none for a percent or a time. */
  step?: string;
}

/** One typed field of a held kind or a bracket exit, with its error under it. */
export function HeldInput({ editor, name, label, hint, step }: HeldInputProps) {
  const value = heldOf(editor.row)[name];
  return (
    <Field label={label} error={editor.errors[`held.${name}`]} quietUntilTouched={editor.quietHeld(value)} hint={hint}>
      {(props) => (
        <DecimalInput
          {...props}
          name={name}
          autoComplete="off"
          step={step}
          // A price starts at the mark; a trailing distance is not a price.
          startAt={step && name !== 'trailing' ? editor.markText : undefined}
          min="0"
          value={value}
          onChange={(text) => editor.updateHeld({ [name]: text })}
          onRefusal={(standing) => editor.noteRefusal(`held.${name}`, standing)}
        />
      )}
    </Field>
  );
}

function TrailingFields({ editor }: { editor: RowEditorModel }) {
  const unit = heldOf(editor.row).trailingUnit;
  return (
    <>
      <Segmented
        label={t`Trailing distance in`}
        value={unit}
        options={[
          { value: 'percent', label: t({ message: '%', context: 'trailing distance unit: percent of the mark' }) },
          { value: 'price', label: t({ message: 'Price', context: 'trailing distance unit: an amount of the price' }) },
        ]}
        onChange={(trailingUnit) => editor.updateHeld({ trailingUnit, trailing: '' })}
        chooseWith="space"
      />
      <HeldInput
        editor={editor}
        name="trailing"
        label={unit === 'percent' ? t`Trailing distance (%)` : t`Trailing distance (USDC)`}
        step={unit === 'price' ? editor.priceStep : undefined}
        hint={editor.row.side === 'SELL' ? t`Fires when the mark falls this far from its best since arming` : t`Fires when the mark rises this far from its lowest since arming`}
      />
    </>
  );
}

function TwapFields({ editor }: { editor: RowEditorModel }) {
  return (
    <div className="held__grid">
      <HeldInput editor={editor} name="twapMinutes" label={t`Duration (minutes)`} hint={t`1 minute to 24 hours`} />
      <HeldInput editor={editor} name="twapSliceSeconds" label={t`A slice every (seconds)`} hint={t`At least 2 s`} />
      <HeldInput editor={editor} name="twapSlippage" label={t`Max slippage (%)`} hint={t`Each slice an IOC at mark ± this; empty: at market`} />
      <HeldInput editor={editor} name="twapPriceLimit" label={t`Price limit (optional)`} step={editor.priceStep} hint={t`A slice beyond it is skipped`} />
      <HeldInput editor={editor} name="twapRandomize" label={t`Randomise slice size (± %, optional)`} />
    </div>
  );
}

/** The fields of the held kind the order is: trigger and limit, trailing distance, or a TWAP's schedule. */
export function HeldOrderFields({ editor }: { editor: RowEditorModel }) {
  useLocale();
  const kind = editor.row.heldKind;
  if (!kind) return null;
  if (kind === 'trailing') return <TrailingFields editor={editor} />;
  if (kind === 'twap') return <TwapFields editor={editor} />;
  return (
    <div className="held__grid">
      {triggeredKinds.includes(kind) ? <HeldInput editor={editor} name="trigger" label={t`Trigger price (USDC)`} step={editor.priceStep} hint={editor.triggerHint} /> : null}
      {limitKinds.includes(kind) ? <HeldInput editor={editor} name="limitPrice" label={t`Limit price (USDC)`} step={editor.priceStep} hint={t`The LIMIT order sent when it fires`} /> : null}
    </div>
  );
}
