import type { JournalStore } from '../journal';
import type { Logger } from '../log';
import type { AccountSenders } from '../sending/accounts';
import type { FiringOptions } from './firing';

/** What HeldOrders is made with. */
export interface HeldOrdersOptions {
  journal: JournalStore;
  sender: Pick<AccountSenders, 'sendFired' | 'accepting' | 'sending' | 'sendingFor'>;
  log: Logger;
  /** MAX_HELD_ORDERS: armed and paused orders at most. */
  maxHeld: number;
  /** A mark asked for longer ago than this fires nothing (two quotes intervals). */
  staleAfterMs: () => number;
  now?: () => number;
  /** Polls the market now (when a symbol's mark is not known yet, to check an order against it). */
  readMarks?: () => Promise<void>;
  /** Tests only: the clock TWAP schedules run on (default: `now`). */
  twapClock?: () => number;
  /** The desk's kill switch: why nothing of an order's account or placer may leave now. */
  halted?: FiringOptions['halted'];
}
