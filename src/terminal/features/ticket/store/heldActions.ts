import type { ArmRequest } from '../model/checkHeld';
import { emptyHeldFields } from '../model/heldTypes';
import { newTicketKey } from '../model/ids';
import { copyDraftRow } from '../model/rows';
import type { DraftRow } from '../model/types';
import type { ArmOutcome, GetTicket, HeldActions, SetTicket } from './state';

/**
 * Held kinds and brackets of the single-order ticket, and their arming: a request on its way is
 * kept (and persisted) with its idempotency key, so sending the same again after a lost answer or
 * a reload reuses the key and the proxy never arms it twice.
 */
export function heldActions(set: SetTicket, get: GetTicket): HeldActions {
  const mapRow = (id: string, change: (row: DraftRow) => DraftRow) =>
    set((state) => ({ rows: state.rows.map((row) => (row.id === id ? change(row) : row)) }));
  return {
    setHeldKind(id, heldKind) {
      mapRow(id, (row) => ({ ...row, heldKind, held: row.held ?? emptyHeldFields }));
    },
    updateHeld(id, patch) {
      mapRow(id, (row) => ({ ...row, held: { ...(row.held ?? emptyHeldFields), ...patch } }));
    },
    beginArm(request: ArmRequest, account?: string) {
      const current = get().armPending;
      if (current && current.account === account && JSON.stringify(current.request) === JSON.stringify(request)) return current;
      const sizes = Object.fromEntries(get().rows.map((row) => [row.id, row.size]));
      const armPending = { key: newTicketKey(), request, startedAt: Date.now(), sizes, ...(account === undefined ? {} : { account }) };
      set({ armPending, armOutcome: null, attempted: false });
      return armPending;
    },
    finishArm(outcome: ArmOutcome) {
      const { armPending, rows } = get();
      if (!armPending || armPending.key !== outcome.key) return;
      // Awaiting approval is journaled (and armed once approved): the order leaves as an armed one.
      if (!outcome.order && !outcome.bracket && !outcome.awaiting) {
        // Refused: nothing is armed; the order stays for the trader to fix the field named.
        set({ armPending: null, armOutcome: outcome });
        return;
      }
      // Armed: the order keeps its market, kind and prices but not its size, so a second click
      // never arms the same order twice; a size typed while it was on its way is the next order's.
      const typedSince = (row: (typeof rows)[number]) => armPending.sizes !== undefined && armPending.sizes[row.id] !== row.size;
      const next = rows.map((row) => (typedSince(row) ? row : { ...copyDraftRow(row), size: '' }));
      set({ armPending: null, armOutcome: outcome, rows: next, activeRowId: next[0]?.id ?? '' });
    },
    dismissArmOutcome() {
      set({ armOutcome: null });
    },
  };
}
