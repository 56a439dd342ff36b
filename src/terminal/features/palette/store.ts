import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { create } from 'zustand';
import { persisted } from '@/terminal/shared/persist/persistedStore';

/** How many recent picks the palette remembers. */
const RECENT_KEPT = 8;

interface PaletteState {
  open: boolean;
  recent: string[];
  actions: { show(): void; hide(): void; used(id: string): void };
}

/** Whether the palette is open, and what was picked from it lately (kept across reloads). */
export const usePaletteStore = create<PaletteState>()(
  persisted(
    (set) => ({
      open: false,
      recent: [],
      actions: {
        show: () => set({ open: true }),
        hide: () => set({ open: false }),
        used: (id) => set((state) => ({ recent: [id, ...state.recent.filter((item) => item !== id)].slice(0, RECENT_KEPT) })),
      },
    }),
    {
      name: 'perp-terminal.palette',
      what: msg`recent palette picks`,
      version: 1,
      migrations: {},
      schema: z.object({ recent: z.array(z.string()) }),
      partialize: ({ recent }) => ({ recent }),
    },
  ),
);

export const openPalette = () => usePaletteStore.getState().actions.show();
