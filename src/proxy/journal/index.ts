export { JournalFullError } from './sqlite/disk';
export { openSqliteJournal } from './sqlite/store';
export type { BracketJournal, CreateTicketOutcome, HeldJournal, JournalStore, LiveCounts, TicketExtras } from './store';
export * from './types';
export * from './heldTypes';
