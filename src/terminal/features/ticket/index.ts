export { ticketKeys } from './api/keys';
export { OrderTicket, type OrderTicketProps } from './components/OrderTicket';
export type { HeldSender } from './api/armHeld';
export { useActiveRowId, useActiveSymbol, useTicketActions, useTicketRows } from './store';
export { clientIdsInUse } from './model/ids';
export type { MarketContext } from './model/types';
export { subscribeToTicketResults } from './api/ticketResults';
/** Finishes a ticket whose answer was lost or that was on its way at a reload: mounted app-wide, not in a panel. */
export { useRecoverPendingTicket as useTicketRecovery } from './api/recoverPending';
export { useSentMarks } from './sentMarks';
