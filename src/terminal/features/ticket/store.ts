import { create } from 'zustand';
import { persisted } from '@/terminal/shared/persist/persistedStore';
import { newDraftRow } from './model/rows';
import type { ConfirmSettings } from './model/submit';
import { gestureActions } from './store/gestureActions';
import { heldActions } from './store/heldActions';
import { activeRowActions, rowListActions } from './store/rowActions';
import { settingsActions } from './store/settingsActions';
import type { TicketState } from './store/state';
import { submissionActions } from './store/submissionActions';
import { storedTicketSchema, TICKET_STORAGE_KEY, TICKET_STORAGE_VERSION, ticketMigrations } from './storedTicket';

export const DEFAULT_RECV_WINDOW_MS = 5000;

export type { ArmOutcome, PendingArm, PendingTicket, TicketTool } from './store/state';

export type { ConfirmSettings };

export const DEFAULT_CONFIRM: ConfirmSettings = { mode: 'large', minOrders: 5, minNotional: 50_000 };

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
      attempted: false,
      sizeCleared: null,
      aside: [],
      lastSent: {},
      refusedFields: [],
      armPending: null,
      armOutcome: null,
      accounts: {},
      actions: {
        ...settingsActions(set),
        ...activeRowActions(set),
        ...gestureActions(set, get),
        ...rowListActions(set, get),
        ...submissionActions(set, get),
        ...heldActions(set, get),
      },
    }),
    {
      name: TICKET_STORAGE_KEY,
      what: 'ticket',
      version: TICKET_STORAGE_VERSION,
      migrations: ticketMigrations,
      schema: storedTicketSchema,
      partialize: ({ rows, activeRowId, recvWindow, pending, outcome, confirm, aside, lastSent, refusedFields, armPending, armOutcome, accounts }) => ({
        rows,
        activeRowId,
        recvWindow,
        pending,
        outcome,
        confirm,
        aside,
        lastSent,
        refusedFields,
        armPending,
        armOutcome,
        accounts,
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
export const useSendAttempted = () => useTicketStore((state) => state.attempted);
/**
 * Whether the trader has sized an order or tried to send: until then an empty ticket (at start,
 * after a send) is not wrong, and nothing in it is called "to fix".
 */
export const useTicketTouched = () => useTicketStore((state) => state.attempted || state.rows.some((row) => row.size.trim() !== ''));
export const useSizeCleared = () => useTicketStore((state) => state.sizeCleared);
export const useConfirmSettings = () => useTicketStore((state) => state.confirm);
export const useAsideDrafts = () => useTicketStore((state) => state.aside);
export const useLastSent = () => useTicketStore((state) => state.lastSent);
export const useRefusedFields = () => useTicketStore((state) => state.refusedFields);
export const useArmPending = () => useTicketStore((state) => state.armPending);
export const useArmOutcome = () => useTicketStore((state) => state.armOutcome);
export const useChosenAccounts = () => useTicketStore((state) => state.accounts);
