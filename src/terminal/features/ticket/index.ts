export { ticketKeys } from './api/keys';
export { OrderTicket, type OrderTicketProps } from './components/OrderTicket';
export { useActiveSymbol, useTicketActions } from './store';
export type { MarketContext } from './model/types';
