import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

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
  persist(
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
      name: 'perp-terminal.markets.v1',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ favorites }) => ({ favorites }),
    },
  ),
);

export const useFavorites = () => useMarketsStore((state) => state.favorites);
export const useMarketSearch = () => useMarketsStore((state) => state.search);
export const useMarketsActions = () => useMarketsStore((state) => state.actions);
