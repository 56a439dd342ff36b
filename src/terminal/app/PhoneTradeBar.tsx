import { t } from '@lingui/core/macro';
import { useActiveSymbol, useTicketActions } from '../features/ticket';
import { usePhoneStore } from '../features/workspace';
import { useLocale } from '../shared/i18n/i18n';

/**
 * Buy and Sell for the market picked in the phone's list: each opens the ticket sheet on that
 * side. A side is chosen as the B and S keys choose it: an order already sized is set aside and a
 * new one started, never turned to the other side in place (a sized buy became a sell at the buy price).
 */
export function PhoneTradeBar() {
  useLocale();
  const symbol = useActiveSymbol();
  const ticket = useTicketActions();
  const setPhone = usePhoneStore((state) => state.set);
  if (!symbol) return null;
  const pick = (side: 'BUY' | 'SELL') => {
    ticket.chooseSide(side);
    setPhone({ sheet: true });
  };
  return (
    <div className="phone__trade" role="group" aria-label={t`Trade ${symbol}`}>
      <span className="phone__symbol">{symbol}</span>
      <button type="button" className="button phone__buy" onClick={() => pick('BUY')}>
        {t({ message: 'Buy', context: 'order side' })}
      </button>
      <button type="button" className="button phone__sell" onClick={() => pick('SELL')}>
        {t({ message: 'Sell', context: 'order side' })}
      </button>
    </div>
  );
}
