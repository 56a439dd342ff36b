import { plural, t } from '@lingui/core/macro';
import type { Duration, Side } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { DecimalInput } from '@/terminal/shared/ui/DecimalInput';
import { Field } from '@/terminal/shared/ui/Field';
import { Segmented } from '@/terminal/shared/ui/Segmented';
import { MAX_LADDER_ORDERS, type LadderDistribution, type LadderMode } from '../model/ladder';
import type { MarketContext } from '../model/types';
import { useLadderForm } from './LadderForm.script';
import { LadderPreview } from './LadderPreview';
import { SidePicker } from './SidePicker';

interface LadderFormProps {
  market: MarketContext | undefined;
  durations: readonly Duration[];
  side: Side;
  /** The trader sizes single orders in USD: the ladder says it stays in base quantity. */
  inUsd?: boolean;
}

/**
 * Lays a ladder: a total quantity over several limit orders between two prices (or from a price by
 * a step), split evenly or weighted to one end, on the instrument's tick and step, exact in total.
 */
export function LadderForm({ market, durations, side, inUsd = false }: LadderFormProps) {
  useLocale();
  const { input, set, errors, legs, base, priceStep, markText, quantityStep, existing, noteRefusal, add, replace, moved } = useLadderForm(market, durations, side);
  if (!market) return <p className="empty">{t`Click a market first: the ladder uses its tick and step.`}</p>;
  const ladderSides = { BUY: t`Buy ladder`, SELL: t`Sell ladder` };
  const most = MAX_LADDER_ORDERS;
  const legCount = legs.length;

  return (
    <div className="ticket__editor" aria-label={t`Ladder`}>
      {moved ? (
        <p className="muted" role="status">
          {t`Ladder cleared: its figures were typed for ${moved.from}, and the market is now ${moved.to}`}
        </p>
      ) : null}
      <SidePicker label={t`Ladder side`} value={input.side} words={ladderSides} onChange={(side) => set({ side })} />
      <Segmented
        label={t`Ladder prices`}
        value={input.mode}
        options={[
          { value: 'range', label: t`From – to` },
          { value: 'step', label: t`Start + step` },
        ]}
        onChange={(mode: LadderMode) => set({ mode })}
      />
      {input.mode === 'range' ? (
        <div className="ticket__pair">
          <Field label={t`From price`} error={errors.fromPrice}>
            {(props) => <DecimalInput {...props} step={priceStep} startAt={markText} min="0" value={input.fromPrice} onChange={(fromPrice) => set({ fromPrice })} onRefusal={(on) => noteRefusal('fromPrice', on)} />}
          </Field>
          <Field label={t`To price`} error={errors.toPrice}>
            {(props) => <DecimalInput {...props} step={priceStep} startAt={markText} min="0" value={input.toPrice} onChange={(toPrice) => set({ toPrice })} onRefusal={(on) => noteRefusal('toPrice', on)} />}
          </Field>
        </div>
      ) : (
        <div className="ticket__pair">
          <Field label={t`Start price`} error={errors.startPrice}>
            {(props) => <DecimalInput {...props} step={priceStep} startAt={markText} min="0" value={input.startPrice} onChange={(startPrice) => set({ startPrice })} onRefusal={(on) => noteRefusal('startPrice', on)} />}
          </Field>
          <Field label={t`Price step`} error={errors.stepPrice} hint={input.side === 'BUY' ? t`Steps down` : t`Steps up`}>
            {(props) => <DecimalInput {...props} step={priceStep} min="0" value={input.stepPrice} onChange={(stepPrice) => set({ stepPrice })} onRefusal={(on) => noteRefusal('stepPrice', on)} />}
          </Field>
        </div>
      )}
      <div className="ticket__pair">
        <Field label={t`Number of orders`} error={errors.count} hint={t`2 to ${most}`}>
          {(props) => <input {...props} className="input num" inputMode="numeric" value={input.count} onChange={(event) => set({ count: event.target.value })} />}
        </Field>
        <Field label={t`Total quantity (${base})`} error={errors.totalQuantity} hint={inUsd ? t`In ${base}, not USD: ladders are sized in base quantity` : undefined}>
          {(props) => (
            <DecimalInput {...props} step={quantityStep} min="0" value={input.totalQuantity} onChange={(totalQuantity) => set({ totalQuantity })} onRefusal={(on) => noteRefusal('totalQuantity', on)} />
          )}
        </Field>
      </div>
      <Field label={t`Split`}>
        {(props) => (
          <select {...props} className="input" value={input.distribution} onChange={(event) => set({ distribution: event.target.value as LadderDistribution })}>
            <option value="even">{t`Evenly`}</option>
            <option value="more-at-start">{t`More at the first price`}</option>
            <option value="more-at-end">{t`More at the last price`}</option>
          </select>
        )}
      </Field>
      {legs.length > 0 ? <LadderPreview legs={legs} /> : null}
      {existing > 0 ? (
        <div className="ticket__pair" role="group" aria-label={plural(existing, { one: 'The ticket has # order', other: 'The ticket has # orders' })}>
          <button type="button" className="button" disabled={legs.length === 0} onClick={add}>
            {plural(existing, { one: 'Add to # row', other: 'Add to # rows' })}
          </button>
          <button type="button" className="button" disabled={legs.length === 0} onClick={replace}>
            {plural(existing, { one: 'Replace # row', other: 'Replace # rows' })}
          </button>
        </div>
      ) : (
        <button type="button" className="button" disabled={legs.length === 0} onClick={add}>
          {legCount > 0 ? plural(legCount, { one: 'Add # order to the ticket', other: 'Add # orders to the ticket' }) : t`Add to the ticket`}
        </button>
      )}
    </div>
  );
}
