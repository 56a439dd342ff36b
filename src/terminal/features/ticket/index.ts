export { OrderTicket, type OrderTicketProps } from './components/OrderTicket';
export { useTicketActions } from './store';
export type { MarketContext } from './model/types';
