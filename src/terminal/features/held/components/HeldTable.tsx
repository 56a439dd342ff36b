import { t } from '@lingui/core/macro';
import { Fragment } from 'react';
import type { DecimalsBySymbol } from '../model/heldRows';
import { marketName } from '../model/heldRows';
import type { HeldRow, RowHandlers } from './HeldOrders.script';
import { ModifyForm } from './ModifyForm';
import { NoteLine, RowActions, TwapBar } from './HeldRowParts';

const COLUMNS = 11;

function headings(): string[] {
  return [
    t({ message: 'Market', context: 'held orders column' }),
    t({ message: 'Kind', context: 'held orders column: stop, take-profit…' }),
    t({ message: 'Side', context: 'held orders column' }),
    t({ message: 'Quantity', context: 'held orders column' }),
    t({ message: 'Trigger', context: 'held orders column: price at which it fires' }),
    t({ message: 'Limit price', context: 'held orders column' }),
    t({ message: 'To mark', context: 'held orders column: distance from trigger to mark in %' }),
    t({ message: 'State', context: 'held orders column' }),
    t({ message: 'Fired order', context: 'held orders column: the order it sent' }),
    t({ message: 'Reason', context: 'held orders column: why it settled as it did' }),
    t({ message: 'Actions', context: 'held orders column' }),
  ];
}

interface ListProps {
  rows: readonly HeldRow[];
  markets: DecimalsBySymbol;
  handlers: RowHandlers;
}

/** The desk's table: one line per held order, its TWAP bar, note or modify form on a line under it. */
export function HeldTable({ rows, markets, handlers }: ListProps) {
  return (
    <div className="held__scroll" {...handlers.steady}>
      <table className="held__table" aria-label={t`Held orders`}>
        <thead>
          <tr>
            {headings().map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const { order, view } = row;
            const editing = handlers.editing === order.id;
            const note = handlers.notes[order.id];
            return (
              <Fragment key={order.id}>
                <tr data-held-id={order.id} data-state={order.state} className={view.live ? 'held__row' : 'held__row held__row--settled'}>
                  <th scope="row" title={order.symbol}>{marketName(order.symbol)}</th>
                  <td>{view.kind}</td>
                  <td className={order.side === 'BUY' ? 'held__buy' : 'held__sell'}>{view.side}</td>
                  <td className="num">{view.quantity}</td>
                  <td className="num" data-column="trigger">{view.trigger}</td>
                  <td className="num">{view.limit}</td>
                  <td className="num">{view.distance}</td>
                  <td data-column="state" className={view.stale ? 'held__stale' : undefined}>{view.state}</td>
                  <td className="held__id">{view.fired}</td>
                  <td>{view.reason}</td>
                  <td>
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
                  </td>
                </tr>
                {row.twap || editing || note ? (
                  <tr className="held__more">
                    <td colSpan={COLUMNS}>
                      {row.twap ? <TwapBar progress={row.twap} /> : null}
                      <NoteLine note={note} />
                      {editing ? <ModifyForm order={order} decimals={markets.get(order.symbol)} onDone={(fired) => handlers.note(order.id, fired)} /> : null}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export type { ListProps };
