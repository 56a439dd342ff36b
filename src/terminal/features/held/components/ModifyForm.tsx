import { t } from '@lingui/core/macro';
import type { HeldOrder } from '@/interface';
import { DecimalInput } from '@/terminal/shared/ui/DecimalInput';
import { Field } from '@/terminal/shared/ui/Field';
import { holdBackEnter, useEnterSettling } from '@/terminal/shared/ui/enterGuard';
import type { MarketDecimals } from '../model/heldRows';
import { fieldLabel } from '../model/modify';
import { useModifyForm } from './ModifyForm.script';

interface ModifyFormProps {
  order: HeldOrder;
  decimals: MarketDecimals | undefined;
  /** Closed: changed, given up, or lost to a fire (the order it sent). */
  onDone: (firedOrder?: string) => void;
}

const stepOf = (decimals: number | undefined) => (decimals && decimals > 0 ? `0.${'0'.repeat(decimals - 1)}1` : '1');

/** A held order's trigger, limit price and quantity, changed after a confirmation stating old → new. */
export function ModifyForm({ order, decimals, onDone }: ModifyFormProps) {
  const form = useModifyForm(order, decimals, onDone);
  // The review opened by Enter: a second Enter, or a held one, is not the trader having read it.
  const settling = useEnterSettling(form.reviewing);
  return (
    <form
      className="held-modify"
      aria-label={t`Modify the held order`}
      onKeyDown={(event) => {
        if (form.reviewing) holdBackEnter(event, settling);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        if (form.reviewing) form.confirm();
        else form.review();
      }}
    >
      <div className="held-modify__fields">
        {form.fields.map((field) => (
          <Field key={field} label={fieldLabel(field)} error={form.issueOf(field)}>
            {(props) => (
              <DecimalInput
                {...props}
                name={field}
                min="0"
                step={stepOf(field === 'order_quantity' ? decimals?.quantityDecimals : field === 'trailing_percent' ? 2 : decimals?.priceDecimals)}
                value={form.drafts[field] ?? ''}
                onChange={(value) => form.set(field, value)}
              />
            )}
          </Field>
        ))}
      </div>
      {form.formIssue ? (
        <p className="held__problem" role="alert">
          {form.formIssue}
        </p>
      ) : null}
      {form.reviewing ? (
        <div className="held-modify__confirm" role="group" aria-label={t`Confirm the change`}>
          <ul>
            {form.changes.map((change) => (
              <li key={change.field}>
                {change.label}: {change.from} → {change.to}
              </li>
            ))}
          </ul>
          {form.warnings.length > 0 ? (
            <ul className="held-modify__warnings" aria-label={t`Warnings`}>
              {form.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          ) : null}
          <div className="held-modify__actions">
            <button type="button" className="button" onClick={form.back}>
              {t({ message: 'Back', context: 'back to editing the held order' })}
            </button>
            <button type="submit" className="button button--primary" disabled={form.busy} data-settling={settling || undefined}>
              {t`Confirm change`}
            </button>
          </div>
        </div>
      ) : (
        <div className="held-modify__actions">
          <button type="button" className="button" onClick={() => onDone()}>
            {t({ message: 'Close', context: 'close the modify form' })}
          </button>
          <button type="submit" className="button button--primary">
            {t({ message: 'Review', context: 'review a change before sending it' })}
          </button>
        </div>
      )}
      {form.problem ? (
        <p className="held__problem" role="alert">
          {form.problem}
        </p>
      ) : null}
    </form>
  );
}
