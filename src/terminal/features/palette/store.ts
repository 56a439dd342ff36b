import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { create } from 'zustand';
import { persisted } from '@/terminal/shared/persist/persistedStore';

/** How many recent picks the palette remembers. */
const RECENT_KEPT = 8;

interface PaletteState {
  open: boolean;
  recent: string[];
  /** What was typed into the stand-in while the palette's code loaded: the palette starts with it. */
  typedEarly: string;
  actions: { show(): void; hide(): void; used(id: string): void; typeEarly(text: string): void };
}

/** Whether the palette is open, and what was picked from it lately (kept across reloads). */
export const usePaletteStore = create<PaletteState>()(
  persisted(
    (set) => ({
      open: false,
      recent: [],
      typedEarly: '',
      actions: {
        show: () => set({ open: true, typedEarly: '' }),
        hide: () => set({ open: false, typedEarly: '' }),
        typeEarly: (typedEarly) => set({ typedEarly }),
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
