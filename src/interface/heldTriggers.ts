import type { Side } from './orders';

/**
 * Which way a held order's trigger is crossed, and what that means for a limit: one rule for the
 * proxy that fires (held/book.ts) and for every screen that warns before arming or moving one (the
 * ticket, the chart's handles, the Held orders panel). Comparisons come in as the sign of a
 * difference, so each side keeps its own numbers (exact decimals in the ticket, the feed's elsewhere).
 */

/** A SELL stop and a BUY take-profit fire when the mark falls to the trigger; a BUY stop and a SELL take-profit when it rises to it. */
export const firesAsMarkFalls = (side: Side, stop: boolean): boolean => (side === 'SELL') === stop;

/** Whether the mark has crossed the trigger already (`markVsTrigger`: the sign of mark − trigger), so it fires at once. */
export const crossedAlready = (side: Side, stop: boolean, markVsTrigger: number): boolean =>
  firesAsMarkFalls(side, stop) ? markVsTrigger <= 0 : markVsTrigger >= 0;

/**
 * Whether the limit an order sends when its trigger fires lies beyond the trigger, where the price
 * is not going (a buy limit below its trigger, a sell above; `limitVsTrigger`: the sign of limit −
 * trigger): it may rest unfilled.
 */
export const limitRestsBeyond = (side: Side, limitVsTrigger: number): boolean => (side === 'BUY' ? limitVsTrigger < 0 : limitVsTrigger > 0);
