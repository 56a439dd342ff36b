import { baseAsset } from '@/interface';
import { formatFixed, formatPercent } from '@/terminal/shared/format/number';
import type { TicketSummary } from '../model/checkTicket';

/** What the ticket sends: orders and requests, each leg of a batch, the notional, the furthest price. */
export function SubmitSummary({ summary }: { summary: TicketSummary }) {
  return (
    <dl className="submit__summary">
      <div>
        <dt>Orders</dt>
        <dd className="num">
          {summary.toFix > 0 ? `${summary.orders - summary.toFix} ready · ${summary.toFix} to fix` : summary.orders}
          {summary.requests > 1 ? ` in ${summary.requests} requests (about ${summary.seconds} s)` : ''}
        </dd>
      </div>
      {summary.legs.length > 1 || summary.orders > 1
        ? summary.legs.map((leg) => (
            <div key={`${leg.symbol}|${leg.side}`} className="submit__leg">
              <dt className={leg.side === 'BUY' ? 'up' : 'down'}>
                {leg.side === 'BUY' ? 'Buy' : 'Sell'} {baseAsset(leg.symbol)}
              </dt>
              <dd className="num">
                {leg.quantity.gt(0) ? `${leg.quantity.toFixed()} · ` : ''}
                {formatFixed(leg.notional.toNumber(), 2)} USDC
              </dd>
            </div>
          ))
        : null}
      <div>
        <dt>Notional</dt>
        <dd className="num">{formatFixed(summary.totalNotional.toNumber(), 2)} USDC</dd>
      </div>
      <div>
        <dt>Furthest from mark</dt>
        <dd className="num">{summary.furthestFromMark === null ? '—' : formatPercent(summary.furthestFromMark, 2, false)}</dd>
      </div>
    </dl>
  );
}
