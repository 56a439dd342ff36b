import * as z from 'zod/mini';
import { create } from 'zustand';
import { persisted } from '@/terminal/shared/persist/persistedStore';

export const MARKETS_STORAGE_KEY = 'perp-terminal.markets.v1';

const storedMarketsSchema = z.object({ favorites: z.array(z.string()) });

interface MarketsState {
  favorites: string[];
  search: string;
  actions: {
    toggleFavorite(symbol: string): void;
    setSearch(text: string): void;
  };
}

/** Favorites stay pinned to the top across reloads; the search is for this session only. */
export const useMarketsStore = create<MarketsState>()(
  persisted(
    (set) => ({
      favorites: [],
      search: '',
      actions: {
        toggleFavorite(symbol) {
          set((state) => ({
            favorites: state.favorites.includes(symbol)
              ? state.favorites.filter((item) => item !== symbol)
              : [...state.favorites, symbol],
          }));
        },
        setSearch(text) {
          set({ search: text });
        },
      },
    }),
    {
      name: MARKETS_STORAGE_KEY,
      what: 'favorite markets',
      version: 1,
      // Version 0 had the same shape; it was stored before versions were checked.
      migrations: { 0: (older) => older },
      schema: storedMarketsSchema,
      partialize: ({ favorites }) => ({ favorites }),
    },
  ),
);

export const useFavorites = () => useMarketsStore((state) => state.favorites);
export const useMarketSearch = () => useMarketsStore((state) => state.search);
export const useMarketsActions = () => useMarketsStore((state) => state.actions);
