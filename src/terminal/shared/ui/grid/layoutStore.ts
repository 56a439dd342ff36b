import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ColumnSort, TableLayout } from './layout';

/** Versioned: a change of the stored shape takes a new key instead of misreading an old one. */
export const LAYOUT_STORAGE_KEY = 'perp-terminal.layout.v1';

interface LayoutState {
  layouts: Record<string, TableLayout>;
  actions: {
    save(tableId: string, layout: TableLayout): void;
    reset(tableId: string): void;
  };
}

export const useLayoutStore = create<LayoutState>()(
  persist(
    (set) => ({
      layouts: {},
      actions: {
        save(tableId, layout) {
          set((state) => ({ layouts: { ...state.layouts, [tableId]: layout } }));
        },
        reset(tableId) {
          set((state) => {
            const layouts = { ...state.layouts };
            delete layouts[tableId];
            return { layouts };
          });
        },
      },
    }),
    {
      name: LAYOUT_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ layouts }) => ({ layouts }),
    },
  ),
);

export const useSavedLayout = (tableId: string) => useLayoutStore((state) => state.layouts[tableId]);
export const useLayoutActions = () => useLayoutStore((state) => state.actions);
export type { ColumnSort, TableLayout };
