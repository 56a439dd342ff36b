export { JournalFullError } from './disk';
export { Journal } from './journal';
export * from './types';
export { HeldConflictError, type HeldChanges, type NewHeldOrder } from './heldStore';
