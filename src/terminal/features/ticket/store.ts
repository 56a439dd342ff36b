import { create } from 'zustand';
import type { Duration, OrderRequest } from '@/interface';
import type { TicketOutcome } from './api/submitTicket';
import { persisted } from '@/terminal/shared/persist/persistedStore';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import { outcomeToast } from './model/outcomeToast';
import { defaultDurationFor, durationsFor } from './model/durations';
import { newTicketKey } from './model/ids';
import { pointTicketAt, withSymbol } from './model/marketPick';
import { copyDraftRow, newDraftRow } from './model/rows';
import type { ConfirmSettings } from './model/submit';
import type { DraftRow, OrderKind } from './model/types';
import { storedTicketSchema, TICKET_STORAGE_KEY, TICKET_STORAGE_VERSION, ticketMigrations } from './storedTicket';

export const DEFAULT_RECV_WINDOW_MS = 5000;

export type TicketTool = 'order' | 'ladder' | 'paste';

export type { ConfirmSettings };

export const DEFAULT_CONFIRM: ConfirmSettings = { mode: 'large', minOrders: 5, minNotional: 50_000 };

/** A ticket on its way: kept (and persisted) until its outcome is known, so a reload cannot resend it. */
export interface PendingTicket {
  key: string;
  orders: OrderRequest[];
  recvWindow: number;
  startedAt: number;
}

interface TicketState {
  rows: DraftRow[];
  activeRowId: string;
  recvWindow: number;
  pending: PendingTicket | null;
  outcome: TicketOutcome | null;
  tool: TicketTool;
  confirm: ConfirmSettings;
  actions: {
    setTool(tool: TicketTool): void;
    setConfirm(settings: Partial<ConfirmSettings>): void;
    /** Adds rows at the end; a ticket holding only an untouched row gets them instead. */
    appendRows(rows: DraftRow[]): void;
    /** Points the ticket at a market (see pointTicketAt): a sized row is never rewritten. */
    selectMarket(symbol: string, price?: string): void;
    /** A price clicked in the markets: a limit order at that price, in the active row only when it is on that market. */
    pickPrice(symbol: string, price: string, durations: readonly Duration[]): void;
    /** The row's market typed anew: its price and quantity are cleared. */
    changeSymbol(id: string, symbol: string): void;
    setActiveRow(id: string): void;
    updateRow(id: string, patch: Partial<Omit<DraftRow, 'id'>>): void;
    setKind(id: string, kind: OrderKind, durations: readonly Duration[]): void;
    addRow(durations: readonly Duration[]): void;
    duplicateRow(id: string): void;
    removeRow(id: string, durations: readonly Duration[]): void;
    moveRow(id: string, offset: -1 | 1): void;
    replaceRows(rows: DraftRow[]): void;
    clear(durations: readonly Duration[]): void;
    setRecvWindow(ms: number): void;
    /** The pending ticket for these orders: the same key if they are already on their way. */
    beginSubmission(orders: OrderRequest[]): PendingTicket;
    finishSubmission(outcome: TicketOutcome, durations: readonly Duration[]): void;
    dismissOutcome(): void;
  };
}

const firstRow = newDraftRow([]);

export const useTicketStore = create<TicketState>()(
  persisted(
    (set, get) => ({
      rows: [firstRow],
      activeRowId: firstRow.id,
      recvWindow: DEFAULT_RECV_WINDOW_MS,
      pending: null,
      outcome: null,
      tool: 'order',
      confirm: DEFAULT_CONFIRM,
      actions: {
        setTool(tool) {
          set({ tool });
        },
        setConfirm(settings) {
          set((state) => ({ confirm: { ...state.confirm, ...settings } }));
        },
        appendRows(added) {
          if (added.length === 0) return;
          set((state) => {
            // A lone row without a size is only a market picked, not an order: replace it.
            const untouched = state.rows.length === 1 && state.rows[0]?.size.trim() === '';
            const rows = untouched ? added : [...state.rows, ...added];
            return { rows, activeRowId: added[0]?.id ?? state.activeRowId };
          });
        },
        selectMarket(symbol, price) {
          set((state) => pointTicketAt(state.rows, state.activeRowId, symbol, price));
        },
        pickPrice(symbol, price, durations) {
          set((state) => {
            // A price of another market never lands in a row: the ticket is pointed at its market first.
            const pointed = pointTicketAt(state.rows, state.activeRowId, symbol, price);
            return {
              activeRowId: pointed.activeRowId,
              rows: pointed.rows.map((row) => {
                if (row.id !== pointed.activeRowId) return row;
                const durationId = row.kind === 'limit' ? row.durationId : (defaultDurationFor('limit', durations)?.id ?? '');
                return { ...row, price, kind: 'limit', durationId, sizeUnit: 'quantity' };
              }),
            };
          });
        },
        changeSymbol(id, symbol) {
          set((state) => ({ rows: state.rows.map((row) => (row.id === id ? withSymbol(row, symbol) : row)) }));
        },
        setActiveRow(id) {
          set({ activeRowId: id });
        },
        updateRow(id, patch) {
          set((state) => ({ rows: state.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) }));
        },
        setKind(id, kind, durations) {
          set((state) => ({
            rows: state.rows.map((row) => {
              if (row.id !== id) return row;
              const offered = durationsFor(kind, durations);
              const keep = offered.some((duration) => duration.id === row.durationId);
              return {
                ...row,
                kind,
                durationId: keep ? row.durationId : (defaultDurationFor(kind, durations)?.id ?? ''),
                sizeUnit: kind === 'limit' ? 'quantity' : row.sizeUnit,
              };
            }),
          }));
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
          if (rows.length === 0) return;
          set({ rows, activeRowId: rows[0]?.id ?? '' });
        },
        clear(durations) {
          const symbol = get().rows.find((row) => row.id === get().activeRowId)?.symbol ?? '';
          const fresh = newDraftRow(durations, symbol);
          set({ rows: [fresh], activeRowId: fresh.id, outcome: null });
        },
        setRecvWindow(ms) {
          set({ recvWindow: ms });
        },
        beginSubmission(orders) {
          const current = get().pending;
          if (current && JSON.stringify(current.orders) === JSON.stringify(orders)) return current;
          const pending = { key: newTicketKey(), orders, recvWindow: get().recvWindow, startedAt: Date.now() };
          set({ pending, outcome: null });
          return pending;
        },
        finishSubmission(outcome, durations) {
          const { pending, rows } = get();
          if (!pending || pending.key !== outcome.key) return;
          useToastStore.getState().actions.push(outcomeToast(outcome.key, outcome.result, outcome.message));
          if (!outcome.result) {
            // No result: nothing is known to be placed; the rows stay to be sent again safely.
            set({ pending: null, outcome });
            return;
          }
          // The sent rows leave the ticket: they live in the result and the journal now, and a
          // refused one comes back through Retry. Rows added while it was on its way stay.
          const sentIds = new Set(pending.orders.map((order) => order.client_order_id ?? ''));
          const left = rows.filter((row) => !sentIds.has(row.clientOrderId.trim()));
          if (left.length > 0) {
            const activeRowId = left.some((row) => row.id === get().activeRowId) ? get().activeRowId : (left[0]?.id ?? '');
            set({ pending: null, outcome, rows: left, activeRowId });
            return;
          }
          // A one-order ticket keeps its market, side, type and price (an order form stays on its
          // market) but not its size, so the same order is never sent twice by a second click.
          const next = rows.length === 1 && rows[0]
            ? [{ ...copyDraftRow(rows[0]), size: '', visibleQuantity: '' }]
            : [newDraftRow(durations, rows[0]?.symbol ?? '')];
          set({ pending: null, outcome, rows: next, activeRowId: next[0]?.id ?? '' });
        },
        dismissOutcome() {
          set({ outcome: null });
        },
      },
    }),
    {
      name: TICKET_STORAGE_KEY,
      what: 'ticket',
      version: TICKET_STORAGE_VERSION,
      migrations: ticketMigrations,
      schema: storedTicketSchema,
      partialize: ({ rows, activeRowId, recvWindow, pending, outcome, confirm }) => ({
        rows,
        activeRowId,
        recvWindow,
        pending,
        outcome,
        confirm,
      }),
    },
  ),
);

export const useTicketRows = () => useTicketStore((state) => state.rows);
export const useActiveRowId = () => useTicketStore((state) => state.activeRowId);
export const useActiveRow = () =>
  useTicketStore((state) => state.rows.find((row) => row.id === state.activeRowId) ?? state.rows[0]);
export const useActiveSymbol = () =>
  useTicketStore((state) => state.rows.find((row) => row.id === state.activeRowId)?.symbol);
export const useRecvWindow = () => useTicketStore((state) => state.recvWindow);
export const usePendingTicket = () => useTicketStore((state) => state.pending);
export const useTicketOutcome = () => useTicketStore((state) => state.outcome);
export const useTicketActions = () => useTicketStore((state) => state.actions);
export const useTicketTool = () => useTicketStore((state) => state.tool);
export const useConfirmSettings = () => useTicketStore((state) => state.confirm);
