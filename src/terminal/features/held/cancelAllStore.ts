import { create } from 'zustand';

/**
 * Whether the trader asked to cancel every held order (the panel's button, the hotkey or the
 * palette): one confirmation, mounted app-wide, names how many before anything is cancelled.
 */
export const useCancelAllStore = create<{ open: boolean; actions: { ask(): void; close(): void } }>()((set) => ({
  open: false,
  actions: {
    ask: () => set({ open: true }),
    close: () => set({ open: false }),
  },
}));

export const askCancelAllHeld = () => useCancelAllStore.getState().actions.ask();
