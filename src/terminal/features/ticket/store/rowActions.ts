import { defaultDurationFor, durationsFor } from '../model/durations';
import { hasSizedRow, setAside } from '../model/aside';
import { withSymbol } from '../model/marketPick';
import { copyDraftRow, newDraftRow } from '../model/rows';
import type { DraftRow } from '../model/types';
import type { ActiveRowActions, GestureActions, GetTicket, RowListActions, SetTicket } from './state';

/** A row the trader has touched is theirs now: the pasted line's complaint no longer applies. */
function edited(row: DraftRow): DraftRow {
  if (!row.pasteError) return row;
  const { pasteError: _read, ...rest } = row;
  return rest;
}

export function activeRowActions(set: SetTicket): Omit<ActiveRowActions, keyof GestureActions> {
  return {
    changeSymbol(id, symbol) {
      set((state) => ({ rows: state.rows.map((row) => (row.id === id ? withSymbol(edited(row), symbol) : row)) }));
    },
    setActiveRow(id) {
      set({ activeRowId: id });
    },
    noteRefusal(id, field, standing) {
      const key = `${id}:${field}`;
      set((state) => {
        const has = state.refusedFields.includes(key);
        if (has === standing) return state;
        return { refusedFields: standing ? [...state.refusedFields, key] : state.refusedFields.filter((item) => item !== key) };
      });
    },
    updateRow(id, patch) {
      set((state) => ({ rows: state.rows.map((row) => (row.id === id ? { ...edited(row), ...patch } : row)) }));
    },
    setSizeUnit(id, convert) {
      set((state) => {
        const row = state.rows.find((candidate) => candidate.id === id);
        if (!row) return state;
        const { cleared, ...size } = convert(row);
        if (size.size === row.size && size.sizeUnit === row.sizeUnit) return state;
        const sizeBefore = { size: row.size, sizeUnit: row.sizeUnit, shown: size.size, price: row.price };
        return {
          rows: state.rows.map((candidate) => (candidate.id === id ? { ...candidate, ...size, sizeBefore } : candidate)),
          sizeCleared: cleared ? { rowId: id, reason: cleared } : null,
        };
      });
    },
    setKind(id, kind, durations) {
      set((state) => {
        const row = state.rows.find((candidate) => candidate.id === id);
        if (!row) return state;
        const offered = durationsFor(kind, durations);
        const keep = offered.some((duration) => duration.id === row.durationId);
        // An amount (USDC) is for market orders only. Kept as a limit's quantity, 200 USDC of SOL
        // would be sent as 200 SOL: it is cleared, and the row says why.
        const amountGoes = kind === 'limit' && row.sizeUnit === 'amount';
        const cleared = amountGoes && row.size.trim() !== '';
        const changed: DraftRow = {
          ...edited(row),
          kind,
          durationId: keep ? row.durationId : (defaultDurationFor(kind, durations)?.id ?? ''),
          ...(amountGoes ? { sizeUnit: 'quantity' as const, size: '' } : {}),
        };
        return {
          rows: state.rows.map((candidate) => (candidate.id === id ? changed : candidate)),
          ...(cleared ? { sizeCleared: { rowId: id, reason: 'amountIsMarketOnly' as const } } : {}),
        };
      });
    },
  };
}

export function rowListActions(set: SetTicket, get: GetTicket): RowListActions {
  return {
    appendRows(added) {
      if (added.length === 0) return;
      set((state) => {
        // A lone row without a size is only a market picked, not an order: replace it.
        const untouched = state.rows.length === 1 && state.rows[0]?.size.trim() === '';
        const rows = untouched ? added : [...state.rows, ...added];
        return { rows, activeRowId: added[0]?.id ?? state.activeRowId };
      });
    },
    addRow(durations) {
      const active = get().rows.find((row) => row.id === get().activeRowId);
      const row = newDraftRow(durations, active?.symbol ?? '', active?.kind ?? 'limit');
      set((state) => ({ rows: [...state.rows, { ...row, side: active?.side ?? 'BUY' }], activeRowId: row.id }));
    },
    duplicateRow(id) {
      set((state) => {
        const index = state.rows.findIndex((row) => row.id === id);
        const source = state.rows[index];
        if (!source) return state;
        const copy = copyDraftRow(source);
        const rows = [...state.rows];
        rows.splice(index + 1, 0, copy);
        return { rows, activeRowId: copy.id };
      });
    },
    removeRow(id, durations) {
      set((state) => {
        const rows = state.rows.filter((row) => row.id !== id);
        if (rows.length === 0) {
          const fresh = newDraftRow(durations, state.rows[0]?.symbol ?? '');
          return { rows: [fresh], activeRowId: fresh.id };
        }
        const activeRowId = state.activeRowId === id ? (rows[0]?.id ?? '') : state.activeRowId;
        return { rows, activeRowId };
      });
    },
    moveRow(id, offset) {
      set((state) => {
        const index = state.rows.findIndex((row) => row.id === id);
        const target = index + offset;
        if (index < 0 || target < 0 || target >= state.rows.length) return state;
        const rows = [...state.rows];
        const [row] = rows.splice(index, 1);
        if (row) rows.splice(target, 0, row);
        return { rows };
      });
    },
    replaceRows(rows) {
      const first = rows[0];
      if (!first) return;
      // Orders put back (a retry) never take the place of a draft the trader sized: it goes aside.
      set((state) => (hasSizedRow(state.rows) ? { ...setAside(state, first), rows } : { rows, activeRowId: first.id }));
    },
    clear(durations) {
      const symbol = get().rows.find((row) => row.id === get().activeRowId)?.symbol ?? '';
      const fresh = newDraftRow(durations, symbol);
      set({ rows: [fresh], activeRowId: fresh.id, outcome: null, attempted: false });
    },
  };
}
