import { memo } from 'react';
import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { DecimalInput } from '@/terminal/shared/ui/DecimalInput';
import { Field } from '@/terminal/shared/ui/Field';
import { useConfirmSettingsForm } from './ConfirmSettingsForm.script';

/** When the ticket asks before sending: always, or from a number of orders or a notional. */
export const ConfirmSettingsForm = memo(function ConfirmSettingsForm() {
  useLocale();
  const form = useConfirmSettingsForm();
  return (
    <fieldset className="confirm-settings">
      <legend>{t`Confirm before sending`}</legend>
      <label>
        <input type="checkbox" checked={form.settings.mode === 'always'} onChange={(event) => form.setAlways(event.target.checked)} />
        {t`Every ticket (off: skip small ones)`}
      </label>
      {form.settings.mode === 'large' ? (
        <>
          <div className="ticket__pair">
            <Field label={t`From orders`}>
              {(props) => (
                <input {...props} className="input num" type="number" min={1} step={1} value={form.settings.minOrders} onChange={(event) => form.setMinOrders(event.target.value)} />
              )}
            </Field>
            <Field label={t`From notional (USDC)`}>
              {(props) => (
                <DecimalInput {...props} step="1000" min="0" value={form.notional.text} onChange={form.notional.set} onBlur={form.notional.settle} />
              )}
            </Field>
          </div>
          <Field label={t`Still ask for a market order from (USDC)`} hint={t`Its notional at the mark`}>
            {(props) => (
              <DecimalInput {...props} step="1000" min="0" value={form.marketNotional.text} onChange={form.marketNotional.set} onBlur={form.marketNotional.settle} />
            )}
          </Field>
          <Field label={t`Still ask from a price this far from mark (%)`} hint={t`Skipping the question is for prices near the market`}>
            {(props) => <DecimalInput {...props} step="0.5" min="0" value={form.guard.text} onChange={form.guard.set} onBlur={form.guard.settle} />}
          </Field>
        </>
      ) : null}
      <label>
        <input type="checkbox" checked={form.bounded} onChange={(event) => form.setBounded(event.target.checked)} />
        {t`Bound market orders (off: sent as MARKET at any price, always asked)`}
      </label>
      {form.bounded ? (
        <Field label={t`Market order slippage, at most (%)`} hint={t`Sent as IOC at mark ± this, up to 10`}>
          {(props) => <DecimalInput {...props} step="0.1" min="0" value={form.slippage.text} onChange={form.slippage.set} onBlur={form.slippage.settle} />}
        </Field>
      ) : null}
      <Field label={t`Warn of a limit through mark by more than (%)`} hint={t`Warnings always ask before sending`}>
        {(props) => <DecimalInput {...props} step="0.1" min="0" value={form.band.text} onChange={form.band.set} onBlur={form.band.settle} />}
      </Field>
    </fieldset>
  );
});
