import type { Duration, Side } from '@/interface';
import { DecimalInput } from '@/terminal/shared/ui/DecimalInput';
import { Field } from '@/terminal/shared/ui/Field';
import { Segmented } from '@/terminal/shared/ui/Segmented';
import { MAX_LADDER_ORDERS, type LadderDistribution, type LadderMode } from '../model/ladder';
import type { MarketContext } from '../model/types';
import { useLadderForm } from './LadderForm.script';
import { LadderPreview } from './LadderPreview';
import { SidePicker } from './SidePicker';

const ladderSides = { BUY: 'Buy ladder', SELL: 'Sell ladder' } as const;

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
  const { input, set, errors, legs, base, priceStep, quantityStep, existing, add, replace } = useLadderForm(market, durations, side);
  if (!market) return <p className="empty">Click a market first: the ladder uses its tick and step.</p>;

  return (
    <div className="ticket__editor" aria-label="Ladder">
      <SidePicker label="Ladder side" value={input.side} words={ladderSides} onChange={(side) => set({ side })} />
      <Segmented
        label="Ladder prices"
        value={input.mode}
        options={[
          { value: 'range', label: 'From – to' },
          { value: 'step', label: 'Start + step' },
        ]}
        onChange={(mode: LadderMode) => set({ mode })}
      />
      {input.mode === 'range' ? (
        <div className="ticket__pair">
          <Field label="From price" error={errors.fromPrice}>
            {(props) => <DecimalInput {...props} step={priceStep} min="0" value={input.fromPrice} onChange={(fromPrice) => set({ fromPrice })} />}
          </Field>
          <Field label="To price" error={errors.toPrice}>
            {(props) => <DecimalInput {...props} step={priceStep} min="0" value={input.toPrice} onChange={(toPrice) => set({ toPrice })} />}
          </Field>
        </div>
      ) : (
        <div className="ticket__pair">
          <Field label="Start price" error={errors.startPrice}>
            {(props) => <DecimalInput {...props} step={priceStep} min="0" value={input.startPrice} onChange={(startPrice) => set({ startPrice })} />}
          </Field>
          <Field label="Price step" error={errors.stepPrice} hint={input.side === 'BUY' ? 'Steps down' : 'Steps up'}>
            {(props) => <DecimalInput {...props} step={priceStep} min="0" value={input.stepPrice} onChange={(stepPrice) => set({ stepPrice })} />}
          </Field>
        </div>
      )}
      <div className="ticket__pair">
        <Field label="Number of orders" error={errors.count} hint={`2 to ${MAX_LADDER_ORDERS}`}>
          {(props) => <input {...props} className="input num" inputMode="numeric" value={input.count} onChange={(event) => set({ count: event.target.value })} />}
        </Field>
        <Field label={`Total quantity (${base})`} error={errors.totalQuantity} hint={inUsd ? `In ${base}, not USD: ladders are sized in base quantity` : undefined}>
          {(props) => (
            <DecimalInput {...props} step={quantityStep} min="0" value={input.totalQuantity} onChange={(totalQuantity) => set({ totalQuantity })} />
          )}
        </Field>
      </div>
      <Field label="Split">
        {(props) => (
          <select {...props} className="input" value={input.distribution} onChange={(event) => set({ distribution: event.target.value as LadderDistribution })}>
            <option value="even">Evenly</option>
            <option value="more-at-start">More at the first price</option>
            <option value="more-at-end">More at the last price</option>
          </select>
        )}
      </Field>
      {legs.length > 0 ? <LadderPreview legs={legs} /> : null}
      {existing > 0 ? (
        <div className="ticket__pair" role="group" aria-label={`The ticket has ${existing} orders`}>
          <button type="button" className="button" disabled={legs.length === 0} onClick={add}>
            Add to {existing} row{existing === 1 ? '' : 's'}
          </button>
          <button type="button" className="button" disabled={legs.length === 0} onClick={replace}>
            Replace {existing} row{existing === 1 ? '' : 's'}
          </button>
        </div>
      ) : (
        <button type="button" className="button" disabled={legs.length === 0} onClick={add}>
          {legs.length > 0 ? `Add ${legs.length} orders to the ticket` : 'Add to the ticket'}
        </button>
      )}
    </div>
  );
}
