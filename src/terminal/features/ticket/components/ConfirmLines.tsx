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

/** The columns, in order: each cell carries its name too, shown beside it when a phone stacks the line. */
function columnNames(): string[] {
  return [
    t({ message: 'Market', context: 'column: the market traded' }),
    t({ message: 'Side', context: 'order side: buy or sell' }),
    t({ message: 'Type', context: 'column: order type as sent to the service' }),
    t({ message: 'Duration', context: 'column: how long the order stays' }),
    t`Orders`,
    t({ message: 'Quantity', context: 'order quantity column' }),
    t({ message: 'Price', context: 'column: limit price or bound sent' }),
    t`Notional (USDC)`,
  ];
}

/**
 * Every order of the ticket as it will be sent, one line per market, side, type and duration. On
 * a phone each line is stacked, name beside value (confirm.css): a table wider than the screen
 * once hid the quantity, price and notional off to the right.
 */
export function ConfirmLines({ groups }: { groups: readonly OrderGroup[] }) {
  useLocale();
  const names = columnNames();
  const numeric = (index: number) => index >= 4;
  return (
    <div className="confirm__lines">
      <table className="legs" role="table" aria-label={t`Orders to send`}>
        <thead role="rowgroup">
          <tr role="row">
            {names.map((name, index) => (
              <th key={name} role="columnheader" className={numeric(index) ? 'right' : undefined}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {groups.map((group) => {
            const cells = [group.symbol, sideWord(group.side), sentTypeText(group), durationText(group), String(group.orders), sizeText(group), priceText(group), notionalText(group)];
            return (
              <tr key={`${group.symbol}|${group.side}|${group.orderType}|${group.market}|${group.duration ?? ''}`} role="row">
                {cells.map((cell, index) => (
                  <td key={names[index]} role="cell" data-label={names[index]} className={cellClass(group, index, numeric(index))}>
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function cellClass(group: OrderGroup, index: number, numeric: boolean): string | undefined {
  if (index === 1) return group.side === 'BUY' ? 'up' : 'down';
  return numeric ? 'num right' : undefined;
}
