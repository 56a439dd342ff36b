import { useMemo, useState } from 'react';
import type { Duration, Side } from '../../../../interface';
import { Field } from '../../../shared/ui/Field';
import { Segmented } from '../../../shared/ui/Segmented';
import { buildLadder, MAX_LADDER_ORDERS, type LadderDistribution, type LadderInput, type LadderMode } from '../model/ladder';
import { newDraftRow } from '../model/rows';
import type { MarketContext } from '../model/types';
import { useTicketActions } from '../store';

interface LadderFormProps {
  market: MarketContext | undefined;
  durations: readonly Duration[];
  side: Side;
}

/**
 * Lays a ladder: a total quantity over several limit orders between two prices (or from a price by
 * a step), split evenly or weighted to one end, on the instrument's tick and step, exact in total.
 */
export function LadderForm({ market, durations, side: initialSide }: LadderFormProps) {
  const actions = useTicketActions();
  const [input, setInput] = useState<LadderInput>({
    side: initialSide,
    mode: 'range',
    fromPrice: '',
    toPrice: '',
    startPrice: '',
    stepPrice: '',
    count: '5',
    totalQuantity: '',
    distribution: 'even',
  });
  const set = (patch: Partial<LadderInput>) => setInput((current) => ({ ...current, ...patch }));
  const complete =
    input.totalQuantity.trim() !== '' &&
    (input.mode === 'range' ? input.fromPrice.trim() !== '' && input.toPrice.trim() !== '' : input.startPrice.trim() !== '' && input.stepPrice.trim() !== '');
  const ladder = useMemo(() => (market && complete ? buildLadder(input, market) : undefined), [input, market, complete]);
  const errors = ladder?.errors ?? {};

  if (!market) return <p className="empty">Click a market first: the ladder uses its tick and step.</p>;

  const add = () => {
    if (!ladder || ladder.legs.length === 0) return;
    actions.appendRows(
      ladder.legs.map((leg) => ({
        ...newDraftRow(durations, market.symbol, 'limit'),
        side: input.side,
        price: leg.price,
        size: leg.quantity,
      })),
    );
    actions.setTool('order');
  };

  return (
    <div className="ticket__editor" aria-label="Ladder">
      <Segmented
        label="Ladder side"
        value={input.side}
        options={[
          { value: 'BUY', label: 'Buy ladder', tone: 'buy' },
          { value: 'SELL', label: 'Sell ladder', tone: 'sell' },
        ]}
        onChange={(side) => set({ side })}
      />
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
            {(props) => <input {...props} className="input num" inputMode="decimal" value={input.fromPrice} onChange={(event) => set({ fromPrice: event.target.value })} />}
          </Field>
          <Field label="To price" error={errors.toPrice}>
            {(props) => <input {...props} className="input num" inputMode="decimal" value={input.toPrice} onChange={(event) => set({ toPrice: event.target.value })} />}
          </Field>
        </div>
      ) : (
        <div className="ticket__pair">
          <Field label="Start price" error={errors.startPrice}>
            {(props) => <input {...props} className="input num" inputMode="decimal" value={input.startPrice} onChange={(event) => set({ startPrice: event.target.value })} />}
          </Field>
          <Field label="Price step" error={errors.stepPrice} hint={input.side === 'BUY' ? 'Steps down' : 'Steps up'}>
            {(props) => <input {...props} className="input num" inputMode="decimal" value={input.stepPrice} onChange={(event) => set({ stepPrice: event.target.value })} />}
          </Field>
        </div>
      )}
      <div className="ticket__pair">
        <Field label="Number of orders" error={errors.count} hint={`2 to ${MAX_LADDER_ORDERS}`}>
          {(props) => <input {...props} className="input num" inputMode="numeric" value={input.count} onChange={(event) => set({ count: event.target.value })} />}
        </Field>
        <Field label={`Total quantity (${market.symbol.split('_')[1] ?? ''})`} error={errors.totalQuantity}>
          {(props) => <input {...props} className="input num" inputMode="decimal" value={input.totalQuantity} onChange={(event) => set({ totalQuantity: event.target.value })} />}
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
      {ladder && ladder.legs.length > 0 ? (
        <table className="ladder-preview" aria-label="Ladder preview">
          <thead>
            <tr>
              <th>#</th>
              <th className="right">Price</th>
              <th className="right">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {ladder.legs.map((leg, index) => (
              <tr key={index}>
                <td className="muted">{index + 1}</td>
                <td className="num right">{leg.price}</td>
                <td className="num right">{leg.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <button type="button" className="button" disabled={!ladder || ladder.legs.length === 0} onClick={add}>
        {ladder && ladder.legs.length > 0 ? `Add ${ladder.legs.length} orders to the ticket` : 'Add to the ticket'}
      </button>
    </div>
  );
}
