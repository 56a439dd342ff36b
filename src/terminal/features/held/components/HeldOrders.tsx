import { plural, t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { useHeldOrdersPanel, type HeldOrdersInput, type RowHandlers } from './HeldOrders.script';
import { HeldCards } from './HeldCards';
import { HeldTable } from './HeldTable';
import '../held.css';

export interface HeldOrdersProps extends HeldOrdersInput {
  /** A phone: one card per order instead of the table's columns. */
  narrow: boolean;
  /** The feed's freshness, said in the panel's head. */
  status?: ReactNode;
}


/** The orders the proxy holds: live ones first, then the recent settled ones, with their actions. */
export function HeldOrders(props: HeldOrdersProps) {
  useLocale();
  const panel = useHeldOrdersPanel(props);
  const handlers: RowHandlers = {
    steady: panel.steady,
    editing: panel.editing,
    refusal: panel.refusal,
    cancelRefusal: panel.cancelRefusal,
    placedByOther: panel.placedByOther,
    notes: panel.notes,
    edit: panel.edit,
    note: panel.afterModify,
    cancel: (row) => panel.cancel(row.order),
    togglePause: (row) => panel.togglePause(row.order),
  };
  const market = panel.market;
  const refused = panel.refusal !== undefined;
  // A risk user cancels what a trader left armed: the cancels stay, pause and modify go.
  const cancelRefused = panel.cancelRefusal !== undefined;
  return (
    <div className="held">
      <div className="held__head">
        {props.status}
        <p className="held__count">{plural(panel.liveCount, { one: '# live', other: '# live' })}</p>
        {market ? (
          <button type="button" className="button" disabled={panel.liveHere === 0 || cancelRefused} aria-describedby={cancelRefused ? 'held-refusal' : undefined} onClick={panel.cancelHere}>
            {t`Cancel all in ${market}`}
          </button>
        ) : null}
        <button
          type="button"
          className="button held__danger"
          disabled={panel.liveCount === 0 || cancelRefused}
          aria-describedby={cancelRefused ? 'held-refusal' : undefined}
          onClick={panel.askCancelAll}
        >
          {t({ message: 'Cancel all', context: 'cancel every held order' })}
        </button>
      </div>
      {refused ? (
        <p id="held-refusal" className="held__refusal">
          {panel.cancelRefusal ?? panel.refusal}
        </p>
      ) : null}
      {panel.headProblem ? (
        <p className="held__problem" role="alert">
          {panel.headProblem}
        </p>
      ) : null}
      {panel.rows.length === 0 ? (
        <p className="empty">{t`No held orders. Stops, take-profits, trailing stops and TWAPs you arm appear here.`}</p>
      ) : props.narrow ? (
        <HeldCards rows={panel.rows} markets={props.markets} handlers={handlers} />
      ) : (
        <HeldTable rows={panel.rows} markets={props.markets} handlers={handlers} />
      )}
    </div>
  );
}
