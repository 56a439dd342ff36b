import { t } from '@lingui/core/macro';
import { formatFixed, groupDecimalText } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { sideWord } from '../messages';
import type { OrderGroup } from '../model/checkTicket';
import type { Big } from '../model/decimal';

/** The line's prices, low–high; one price alone; none for a MARKET order. A bound is written in the market's decimals. */
function prices({ lowPrice, highPrice, market, priceDecimals }: OrderGroup): string | undefined {
  if (!lowPrice || !highPrice) return undefined;
  const text = (price: Big) => groupDecimalText(market && priceDecimals !== undefined ? price.toFixed(priceDecimals) : price.toFixed());
  const [low, high] = [text(lowPrice), text(highPrice)];
  return lowPrice.eq(highPrice) ? low : `${low}–${high}`;
}

/** The order type as it goes to the service; a bounded market order says it is an IOC at its bound. */
export function sentTypeText(group: OrderGroup): string {
  const bound = prices(group);
  if (group.market && group.orderType === 'IOC' && bound) {
    return group.side === 'BUY' ? t`Market (IOC at most ${bound})` : t`Market (IOC at least ${bound})`;
  }
  return group.orderType;
}

/** How long the order stays: its duration, or at once for a market order. */
function durationText(group: OrderGroup): string {
  if (group.duration) return group.duration;
  return group.orderType === 'IOC' ? t`Immediate (IOC)` : t`Immediate`;
}

/** The price the line sends: its limit, the bound of a bounded market order, or none for MARKET. */
function priceText(group: OrderGroup): string {
  const price = prices(group);
  if (!price) return t`Market price, no bound`;
  if (!group.market) return price;
  return group.side === 'BUY' ? t`at most ${price}` : t`at least ${price}`;
}

/** Base quantity, and the USDC amount of MARKET orders sized by amount. */
function sizeText({ quantity, amount }: OrderGroup): string {
  const parts = [];
  if (quantity.gt(0)) parts.push(groupDecimalText(quantity.toFixed()));
  if (amount.gt(0)) parts.push(`${groupDecimalText(amount.toFixed())} USDC`);
  return parts.join(' + ') || '—';
}

/** A market order's notional is an estimate at the mark. */
function notionalText(group: OrderGroup): string {
  const notional = formatFixed(group.notional.toNumber(), 2);
  return group.market ? t`≈ ${notional} at mark` : notional;
}

/** Every order of the ticket as it will be sent, one line per market, side, type and duration. */
export function ConfirmLines({ groups }: { groups: readonly OrderGroup[] }) {
  useLocale();
  return (
    <div className="confirm__lines">
      <table className="legs" aria-label={t`Orders to send`}>
        <thead>
          <tr>
            <th>{t({ message: 'Market', context: 'column: the market traded' })}</th>
            <th>{t({ message: 'Side', context: 'order side: buy or sell' })}</th>
            <th>{t({ message: 'Type', context: 'column: order type as sent to the service' })}</th>
            <th>{t({ message: 'Duration', context: 'column: how long the order stays' })}</th>
            <th className="right">{t`Orders`}</th>
            <th className="right">{t({ message: 'Quantity', context: 'order quantity column' })}</th>
            <th className="right">{t({ message: 'Price', context: 'column: limit price or bound sent' })}</th>
            <th className="right">{t`Notional (USDC)`}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={`${group.symbol}|${group.side}|${group.orderType}|${group.market}|${group.duration ?? ''}`}>
              <td>{group.symbol}</td>
              <td className={group.side === 'BUY' ? 'up' : 'down'}>{sideWord(group.side)}</td>
              <td>{sentTypeText(group)}</td>
              <td>{durationText(group)}</td>
              <td className="num right">{group.orders}</td>
              <td className="num right">{sizeText(group)}</td>
              <td className="num right">{priceText(group)}</td>
              <td className="num right">{notionalText(group)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
