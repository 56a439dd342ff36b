import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { create } from 'zustand';
import { persisted } from '@/terminal/shared/persist/persistedStore';
import type { ColumnSort, TableLayout } from './layout';

/** The key stays `.v1` from before stored values carried their version; the version is inside now. */
export const LAYOUT_STORAGE_KEY = 'perp-terminal.layout.v1';

const tableLayoutSchema = z.object({
  order: z.array(z.string()),
  hidden: z.array(z.string()),
  widths: z.record(z.string(), z.number()),
  sort: z.nullable(z.object({ id: z.string(), desc: z.boolean() })),
});
const storedLayoutsSchema = z.object({ layouts: z.record(z.string(), tableLayoutSchema) });

interface LayoutState {
  layouts: Record<string, TableLayout>;
  actions: {
    save(tableId: string, layout: TableLayout): void;
    reset(tableId: string): void;
  };
}

export const useLayoutStore = create<LayoutState>()(
  persisted(
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
      what: msg`table layouts`,
      version: 1,
      // Version 0 had the same shape; it was stored before versions were checked.
      migrations: { 0: (older) => older },
      schema: storedLayoutsSchema,
      partialize: ({ layouts }) => ({ layouts }),
    },
  ),
);

export const useSavedLayout = (tableId: string) => useLayoutStore((state) => state.layouts[tableId]);
export const useLayoutActions = () => useLayoutStore((state) => state.actions);
export type { ColumnSort, TableLayout };
