import { Field } from '../../../shared/ui/Field';
import { useConfirmSettings, useTicketActions } from '../store';

/** When the ticket asks before sending: always, or from a number of orders or a notional. */
export function ConfirmSettingsForm() {
  const settings = useConfirmSettings();
  const actions = useTicketActions();
  return (
    <fieldset className="confirm-settings">
      <legend>Confirm before sending</legend>
      <label>
        <input type="checkbox" checked={settings.mode === 'always'} onChange={(event) => actions.setConfirm({ mode: event.target.checked ? 'always' : 'large' })} />
        Every ticket (off: skip small ones)
      </label>
      {settings.mode === 'large' ? (
        <div className="ticket__pair">
          <Field label="From orders">
            {(props) => (
              <input {...props} className="input num" type="number" min={1} step={1} value={settings.minOrders} onChange={(event) => {
                const value = Number(event.target.value);
                if (Number.isInteger(value) && value >= 1) actions.setConfirm({ minOrders: value });
              }} />
            )}
          </Field>
          <Field label="From notional (USDC)">
            {(props) => (
              <input {...props} className="input num" type="number" min={0} step={1000} value={settings.minNotional} onChange={(event) => {
                const value = Number(event.target.value);
                if (Number.isFinite(value) && value >= 0) actions.setConfirm({ minNotional: value });
              }} />
            )}
          </Field>
        </div>
      ) : null}
    </fieldset>
  );
}
