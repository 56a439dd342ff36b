export { journalQueryOptions, useJournal } from './api/journalQuery';
export { OrdersTable } from './components/OrdersTable';
export { UnknownOrdersAlert } from './components/UnknownOrdersAlert';
