export { JournalFullError } from './disk';
export { Journal } from './journal';
export * from './types';
