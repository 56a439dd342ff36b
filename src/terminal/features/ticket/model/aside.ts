import { newRowId } from './ids';
import type { DraftRow } from './types';

/**
 * A draft the trader had sized, set aside by a gesture that starts another order (a market
 * clicked, a side or price key): kept whole, visible under the ticket, and restored with one click.
 * A gesture never rewrites or drops an order that has a size.
 */
export interface AsideDraft {
  id: string;
  rows: DraftRow[];
  activeRowId: string;
  setAsideAt: number;
}

/** Enough for a day of hopping between markets; past it the oldest goes, and the trader is told. */
export const MAX_ASIDE = 20;

export interface DraftState {
  rows: DraftRow[];
  activeRowId: string;
  aside: AsideDraft[];
}

/** A row with a size is an order the trader made; without one it is only a market picked. */
export const isSizedRow = (row: DraftRow | undefined) => row !== undefined && row.size.trim() !== '';
export const hasSizedRow = (rows: readonly DraftRow[]) => rows.some(isSizedRow);

export const activeRowOf = (state: Pick<DraftState, 'rows' | 'activeRowId'>) =>
  state.rows.find((row) => row.id === state.activeRowId) ?? state.rows[0];

/** The ticket's draft set aside (newest first) and `fresh` in its place. */
export function setAside(state: DraftState, fresh: DraftRow, now = Date.now()): DraftState {
  const kept: AsideDraft = { id: newRowId(), rows: state.rows, activeRowId: state.activeRowId, setAsideAt: now };
  return { rows: [fresh], activeRowId: fresh.id, aside: [kept, ...state.aside].slice(0, MAX_ASIDE) };
}

/** A draft set aside back in the ticket; what the ticket held goes aside in its place if it was sized. */
export function restoreAside(state: DraftState, id: string, now = Date.now()): DraftState {
  const found = state.aside.find((draft) => draft.id === id);
  if (!found) return state;
  const others = state.aside.filter((draft) => draft.id !== id);
  const current: AsideDraft[] = hasSizedRow(state.rows) ? [{ id: newRowId(), rows: state.rows, activeRowId: state.activeRowId, setAsideAt: now }] : [];
  return { rows: found.rows, activeRowId: found.activeRowId, aside: [...current, ...others].slice(0, MAX_ASIDE) };
}

export function discardAside(state: DraftState, id: string): Pick<DraftState, 'aside'> {
  return { aside: state.aside.filter((draft) => draft.id !== id) };
}
