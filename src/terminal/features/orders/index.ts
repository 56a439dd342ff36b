export { journalBackoffOf, journalQueryOptions, showOrdersInJournal, useJournal, useJournalRetryInterval, withOrders } from './api/journalQuery';
export { ordersCsvUrl, type OrdersFilter } from './api/ordersCsv';
export { isImmediate, orderStateText } from './model/orderState';
export { ordersKeys } from './api/keys';
export { JournalTable, type JournalTableProps } from './components/JournalTable';
export { UnknownOrdersAlert } from './components/UnknownOrdersAlert';
