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
  type AwaitingApproval,
} from './api/heldMutations';
export { askCancelAllHeld } from './cancelAllStore';
export { CancelAllHeldDialog } from './components/CancelAllHeldDialog';
export { HeldOrders, type HeldOrdersProps } from './components/HeldOrders';
export { useHeldCommands } from './components/useHeldCommands.script';
