import type { Duration } from '../../../../interface';
import { fixedPlain, formatFixed, formatPercent } from '../../../shared/format/number';
import { Field } from '../../../shared/ui/Field';
import { Segmented } from '../../../shared/ui/Segmented';
import { messagesOf } from '../messages';
import type { CheckedRow } from '../model/checkTicket';
import { durationsFor, resolveDuration } from '../model/durations';
import type { DraftRow, MarketContext } from '../model/types';
import { useTicketActions } from '../store';
import { RecvWindowField } from './RecvWindowField';

interface RowEditorProps {
  row: DraftRow;
  checked: CheckedRow | undefined;
  market: MarketContext | undefined;
  durations: readonly Duration[];
}

/** Every field of one order of the ticket, with its errors inline as it is typed. */
export function RowEditor({ row, checked, market, durations }: RowEditorProps) {
  const actions = useTicketActions();
  const errors = messagesOf(checked?.issues ?? {});
  const update = (patch: Partial<DraftRow>) => actions.updateRow(row.id, patch);
  const offered = durationsFor(row.kind, durations);
  const duration = resolveDuration(row.kind, row.durationId, durations);
  const base = row.symbol.split('_')[1] ?? '';
  return (
    <div className="ticket__editor">
        <Segmented
          label="Side"
          value={row.side}
          options={[
            { value: 'BUY', label: 'Buy / Long', tone: 'buy' },
            { value: 'SELL', label: 'Sell / Short', tone: 'sell' },
          ]}
          onChange={(side) => update({ side })}
        />
        <Segmented
          label="Order type"
          value={row.kind}
          options={[
            { value: 'limit', label: 'Limit' },
            { value: 'market', label: 'Market' },
          ]}
          onChange={(kind) => actions.setKind(row.id, kind, durations)}
        />
        <Field label="Symbol" error={errors.symbol}>
          {(props) => (
            <input
              {...props}
              className="input"
              value={row.symbol}
              placeholder="PERP_BTC_USDC"
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => update({ symbol: event.target.value.trim().toUpperCase() })}
            />
          )}
        </Field>
        {row.kind === 'limit' ? (
          <Field
            label="Price (USDC)"
            error={errors.price}
            hint={checked?.fromMark !== undefined ? `${formatPercent(checked.fromMark)} from mark` : undefined}
          >
            {(props) => (
              <div className="input-group">
                <input
                  {...props}
                  className="input num"
                  inputMode="decimal"
                  autoComplete="off"
                  value={row.price}
                  onChange={(event) => update({ price: event.target.value })}
                />
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={!market}
                  onClick={() => market && update({ price: fixedPlain(market.mark_price, market.priceDecimals) })}
                >
                  Mark
                </button>
              </div>
            )}
          </Field>
        ) : null}
        <Field
          label={row.sizeUnit === 'amount' ? 'Amount (USDC)' : `Quantity${base ? ` (${base})` : ''}`}
          error={errors.size}
          hint={checked?.notional ? `≈ ${formatFixed(checked.notional.toNumber(), 2)} USDC` : undefined}
        >
          {(props) => (
            <div className="input-group">
              <input
                {...props}
                className="input num"
                inputMode="decimal"
                autoComplete="off"
                value={row.size}
                onChange={(event) => update({ size: event.target.value })}
              />
              {row.kind === 'market' ? (
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={row.sizeUnit === 'amount' ? 'Size by quantity instead' : 'Size by amount instead'}
                  onClick={() => update({ sizeUnit: row.sizeUnit === 'amount' ? 'quantity' : 'amount', size: '' })}
                >
                  {row.sizeUnit === 'amount' ? 'USDC' : base || 'Qty'}
                </button>
              ) : null}
            </div>
          )}
        </Field>
        {offered.length > 0 ? (
          <Field label="Duration" error={errors.durationId ?? errors.expiry}>
            {(props) => (
              <select
                {...props}
                className="input"
                value={duration?.id ?? row.durationId}
                onChange={(event) => update({ durationId: event.target.value })}
              >
                {offered.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {duration?.hasDatePicker || duration?.hasTimePicker ? (
          <div className="ticket__expiry">
            {duration.hasDatePicker ? (
              <Field label="Expiry date">
                {(props) => (
                  <input {...props} type="date" className="input" value={row.expiryDate} onChange={(event) => update({ expiryDate: event.target.value })} />
                )}
              </Field>
            ) : null}
            {duration.hasTimePicker ? (
              <Field label="Expiry time">
                {(props) => (
                  <input {...props} type="time" className="input" value={row.expiryTime} onChange={(event) => update({ expiryTime: event.target.value })} />
                )}
              </Field>
            ) : null}
          </div>
        ) : null}
        <details className="ticket__more">
          <summary>More: visible quantity, tag, margin, ids</summary>
          <Field label="Visible quantity" error={errors.visibleQuantity} hint="Empty shows it all; 0 hides the order">
            {(props) => (
              <input {...props} className="input num" inputMode="decimal" value={row.visibleQuantity} onChange={(event) => update({ visibleQuantity: event.target.value })} />
            )}
          </Field>
          <Field label="Order tag" error={errors.tag}>
            {(props) => <input {...props} className="input" value={row.tag} maxLength={200} onChange={(event) => update({ tag: event.target.value })} />}
          </Field>
          <Segmented
            label="Margin mode"
            value={row.marginMode}
            options={[
              { value: 'CROSS', label: 'Cross' },
              { value: 'ISOLATED', label: 'Isolated' },
            ]}
            onChange={(marginMode) => update({ marginMode })}
          />
          <Field label="Client order id" error={errors.clientOrderId}>
            {(props) => (
              <input {...props} className="input" spellCheck={false} value={row.clientOrderId} onChange={(event) => update({ clientOrderId: event.target.value })} />
            )}
          </Field>
          <RecvWindowField />
        </details>
    </div>
  );
}


