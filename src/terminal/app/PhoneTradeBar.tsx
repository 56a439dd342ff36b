import { t } from '@lingui/core/macro';
import { useActiveRowId, useActiveSymbol, useTicketActions } from '../features/ticket';
import { usePhoneStore } from '../features/workspace';
import { useLocale } from '../shared/i18n/i18n';

/** Buy and Sell for the market picked in the phone's list: each opens the ticket sheet on that side. */
export function PhoneTradeBar() {
  useLocale();
  const symbol = useActiveSymbol();
  const rowId = useActiveRowId();
  const ticket = useTicketActions();
  const setPhone = usePhoneStore((state) => state.set);
  if (!symbol) return null;
  const pick = (side: 'BUY' | 'SELL') => {
    ticket.updateRow(rowId, { side });
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
