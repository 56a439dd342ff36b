import { emptyHeldFields, type HeldFields } from './heldTypes';
import type { DraftRow } from './types';

export const heldOf = (row: DraftRow): HeldFields => row.held ?? emptyHeldFields;

const bracketFields = ['takeProfit', 'takeProfitPrice', 'stopLoss', 'stopLossPrice'] as const;

/** A limit or market entry with a take-profit or a stop-loss typed: sent as a bracket. */
export const hasBracket = (row: DraftRow) => row.heldKind === undefined && bracketFields.some((field) => heldOf(row)[field].trim() !== '');
