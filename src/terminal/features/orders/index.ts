export { journalBackoff, journalQueryOptions, useJournal } from './api/journalQuery';
export { JournalTable, type JournalTableProps } from './components/JournalTable';
export { UnknownOrdersAlert } from './components/UnknownOrdersAlert';
