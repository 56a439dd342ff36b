export { ticketKeys } from './api/keys';
export { OrderTicket, type OrderTicketProps } from './components/OrderTicket';
export { useActiveRowId, useActiveSymbol, useTicketActions, useTicketRows } from './store';
export { clientIdsInUse } from './model/ids';
export type { MarketContext } from './model/types';
export { subscribeToTicketResults } from './api/ticketResults';
export { useSentMarks } from './sentMarks';
