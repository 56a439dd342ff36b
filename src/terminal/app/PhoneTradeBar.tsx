import { useActiveRowId, useActiveSymbol, useTicketActions } from '../features/ticket';
import { usePhoneStore } from '../features/workspace';

/** Buy and Sell for the market picked in the phone's list: each opens the ticket sheet on that side. */
export function PhoneTradeBar() {
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
    <div className="phone__trade" role="group" aria-label={`Trade ${symbol}`}>
      <span className="phone__symbol">{symbol}</span>
      <button type="button" className="button phone__buy" onClick={() => pick('BUY')}>
        Buy
      </button>
      <button type="button" className="button phone__sell" onClick={() => pick('SELL')}>
        Sell
      </button>
    </div>
  );
}
