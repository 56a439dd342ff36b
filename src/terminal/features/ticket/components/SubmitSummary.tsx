import { t } from '@lingui/core/macro';
import { baseAsset } from '@/interface';
import { formatFixed, formatPercent, groupDecimalText } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import type { TicketSummary } from '../model/checkTicket';
import { useTicketTouched } from '../store';

/**
 * How many orders go, how many are to fix, and the requests they take when more than one. `quiet`:
 * the trader has not sized an order nor tried to send, so nothing is "to fix" yet.
 */
function ordersText({ orders, toFix, requests, seconds }: TicketSummary, quiet: boolean): string {
  const ready = orders - toFix;
  if (quiet && toFix > 0) return t`${ready} ready`;
  if (toFix > 0 && requests > 1) return t`${ready} ready · ${toFix} to fix in ${requests} requests (about ${seconds} s)`;
  if (toFix > 0) return t`${ready} ready · ${toFix} to fix`;
  if (requests > 1) return t`${orders} in ${requests} requests (about ${seconds} s)`;
  return String(orders);
}

/** A leg of a batch: its side and the asset it trades. */
function legTitle(side: 'BUY' | 'SELL', symbol: string): string {
  const base = baseAsset(symbol) ?? '';
  return side === 'BUY' ? t`Buy ${base}` : t`Sell ${base}`;
}

/** What the ticket sends: orders and requests, each leg of a batch, the notional, the furthest price. */
export function SubmitSummary({ summary }: { summary: TicketSummary }) {
  useLocale();
  // An empty ticket (at start, after a send) is not wrong: it says what is to fix once touched.
  const quiet = !useTicketTouched();
  return (
    <dl className="submit__summary">
      <div>
        <dt>{t`Orders`}</dt>
        <dd className="num">{ordersText(summary, quiet)}</dd>
      </div>
      {summary.legs.length > 1 || summary.orders > 1
        ? summary.legs.map((leg) => (
            <div key={`${leg.symbol}|${leg.side}`} className="submit__leg">
              <dt className={leg.side === 'BUY' ? 'up' : 'down'}>
                {legTitle(leg.side, leg.symbol)}
              </dt>
              <dd className="num">
                {leg.quantity.gt(0) ? `${groupDecimalText(leg.quantity.toFixed())} · ` : ''}
                {formatFixed(leg.notional.toNumber(), 2)} USDC
              </dd>
            </div>
          ))
        : null}
      <div>
        <dt>{t`Notional`}</dt>
        <dd className="num">{formatFixed(summary.totalNotional.toNumber(), 2)} USDC</dd>
      </div>
      <div>
        <dt>{t`Furthest from mark`}</dt>
        <dd className="num">{summary.furthestFromMark === null ? '—' : formatPercent(summary.furthestFromMark, 2, false)}</dd>
      </div>
    </dl>
  );
}
