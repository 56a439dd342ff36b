export { heldKeys } from './api/keys';
export { fetchHeldOrders, heldQueryOptions, isLiveHeld, showHeldOrder, useHeldOrders } from './api/heldQuery';
export {
  armHeldOrder,
  cancelAllHeld,
  cancelHeldOrder,
  modifyHeldOrder,
  sendBracket,
  settledOf,
  useHeldActions,
} from './api/heldMutations';
