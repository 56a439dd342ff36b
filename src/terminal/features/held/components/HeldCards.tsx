import { t } from '@lingui/core/macro';
import { marketName } from '../model/heldRows';
import { ModifyForm } from './ModifyForm';
import { NoteLine, RowActions, TwapBar } from './HeldRowParts';
import type { ListProps } from './HeldTable';

/** A phone's list: one card per held order, its figures two to a line, nothing wider than the screen. */
export function HeldCards({ rows, markets, handlers }: ListProps) {
  return (
    <ul className="held__cards" aria-label={t`Held orders`} {...handlers.steady}>
      {rows.map((row) => {
        const { order, view } = row;
        const editing = handlers.editing === order.id;
        const figures: [string, string][] = [
          [t({ message: 'Quantity', context: 'held orders column' }), view.quantity],
          [t({ message: 'Trigger', context: 'held orders column: price at which it fires' }), view.trigger],
          [t({ message: 'Limit price', context: 'held orders column' }), view.limit],
          [t({ message: 'To mark', context: 'held orders column: distance from trigger to mark in %' }), view.distance],
          [t({ message: 'Fired order', context: 'held orders column: the order it sent' }), view.fired],
        ];
        return (
          <li key={order.id} className={view.live ? 'held-card' : 'held-card held-card--settled'} data-held-id={order.id} data-state={order.state}>
            <p className="held-card__title">
              <strong>{marketName(order.symbol)}</strong> · {view.kind} ·{' '}
              <span className={order.side === 'BUY' ? 'held__buy' : 'held__sell'}>{view.side}</span>
              <span className={view.stale ? 'held-card__state held__stale' : 'held-card__state'}>{view.state}</span>
            </p>
            <dl className="held-card__figures">
              {figures.map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd className="num">{value}</dd>
                </div>
              ))}
            </dl>
            {view.reason ? <p className="held-card__reason">{view.reason}</p> : null}
            {row.twap ? <TwapBar progress={row.twap} /> : null}
            <NoteLine note={handlers.notes[order.id]} />
            <RowActions
              refused={handlers.refusal !== undefined}
              cancelRefused={handlers.cancelRefusal !== undefined}
              placedByOther={handlers.placedByOther(order)}
              order={order}
              editing={editing}
              onCancel={() => handlers.cancel(row)}
              onPause={() => handlers.togglePause(row)}
              onEdit={() => handlers.edit(order.id)}
            />
            {editing ? <ModifyForm order={order} decimals={markets.get(order.symbol)} onDone={(fired) => handlers.note(order.id, fired)} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
