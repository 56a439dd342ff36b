export { journalBackoffOf, journalQueryOptions, useJournal, useJournalRetryInterval } from './api/journalQuery';
export { ordersKeys } from './api/keys';
export { JournalTable, type JournalTableProps } from './components/JournalTable';
export { UnknownOrdersAlert } from './components/UnknownOrdersAlert';
