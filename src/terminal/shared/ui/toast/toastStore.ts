import { create } from 'zustand';

export type ToastTone = 'success' | 'warning' | 'error' | 'danger';

export interface Toast {
  /** Same id, same toast: a second push with an id already shown is ignored. */
  id: string;
  tone: ToastTone;
  title: string;
  detail?: string;
  /**
   * The title and detail again, in the language active now: for a toast pushed before the trader's
   * language was loaded (a saved value read at start), or kept while they switch.
   */
  words?: () => { title: string; detail?: string };
  /** ms; 0 keeps it until dismissed. */
  timeoutMs: number;
}

interface ToastState {
  toasts: Toast[];
  seen: Set<string>;
  actions: {
    push(toast: Toast): void;
    dismiss(id: string): void;
  };
}

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  seen: new Set(),
  actions: {
    push(toast) {
      if (get().seen.has(toast.id)) return;
      set((state) => ({ toasts: [...state.toasts.slice(-4), toast], seen: new Set(state.seen).add(toast.id) }));
    },
    dismiss(id) {
      set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
    },
  },
}));

export const useToasts = () => useToastStore((state) => state.toasts);
export const useToastActions = () => useToastStore((state) => state.actions);
