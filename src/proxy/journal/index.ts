export { JournalFullError } from './disk';
export { Journal } from './journal';
export * from './types';
export { HeldConflictError, HeldKeyTakenError, HeldLimitError, type HeldChanges, type NewHeldOrder } from './heldStore';
export { sliceTicketId, type HeldRow } from './heldStore';
export type { TwapChanges, TwapColumns } from './twapStore';
export { firedClientOrderId, firedTicketId, type Rearmed } from './rearmStore';
export type { FiredGroup, FiringOrder } from './firingStore';
