import { emptyHeldFields, limitKinds, triggeredKinds, type HeldFields } from './heldTypes';
import type { DraftRow } from './types';

export const heldOf = (row: DraftRow): HeldFields => row.held ?? emptyHeldFields;

const bracketFields = ['takeProfit', 'takeProfitPrice', 'stopLoss', 'stopLossPrice'] as const;

/** A limit or market entry with a take-profit or a stop-loss typed: sent as a bracket. */
export const hasBracket = (row: DraftRow) => row.heldKind === undefined && bracketFields.some((field) => heldOf(row)[field].trim() !== '');

/**
 * The price a held row is reckoned at before it fires, as typed: the limit a stop limit or
 * take-profit limit sends at, a stop's or take-profit's trigger; '' for a trailing stop or a TWAP
 * (the mark). Never the row's own limit price, which a held kind does not send.
 */
export function heldPrice(row: DraftRow): string {
  const kind = row.heldKind;
  if (kind === undefined) return '';
  const held = heldOf(row);
  if (limitKinds.includes(kind)) return held.limitPrice;
  return triggeredKinds.includes(kind) ? held.trigger : '';
}
