export { JournalFullError } from './sqlite/disk';
export { openSqliteJournal } from './sqlite/store';
export { openJournalStore, type JournalPlace } from './open';
export type { BracketJournal, CreateTicketOutcome, HeldJournal, JournalStore, LiveCounts, RequestState, SendFence, TicketExtras } from './store';
export * from './types';
export * from './heldTypes';
