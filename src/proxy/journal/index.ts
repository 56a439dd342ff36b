export { JournalFullError } from './sqlite/disk';
export { Journal } from './sqlite/journal';
export * from './types';
export { HeldConflictError, HeldKeyTakenError, HeldLimitError, type HeldChanges, type NewHeldOrder } from './sqlite/heldStore';
export { sliceTicketId, type HeldRow } from './sqlite/heldStore';
export type { TwapChanges, TwapColumns } from './sqlite/twapStore';
export { firedClientOrderId, firedTicketId, type Rearmed } from './sqlite/rearmStore';
export type { FiredGroup, FiringOrder } from './sqlite/firingStore';
