import * as z from 'zod/mini';
import { create } from 'zustand';
import { tapeResolutionNames, type TapeResolution } from '@/interface';
import { persisted } from '@/terminal/shared/persist/persistedStore';

export const CHART_STORAGE_KEY = 'perp-terminal.chart.v1';

const storedChartSchema = z.object({
  resolution: z.enum(tapeResolutionNames as [TapeResolution, ...TapeResolution[]]),
  showBasis: z.boolean(),
});

interface ChartState {
  resolution: TapeResolution;
  showBasis: boolean;
  actions: {
    setResolution(resolution: TapeResolution): void;
    setShowBasis(show: boolean): void;
  };
}

/** The chart's resolution and whether it draws the basis, kept across reloads. */
export const useChartStore = create<ChartState>()(
  persisted(
    (set) => ({
      resolution: '1m',
      showBasis: false,
      actions: {
        setResolution: (resolution) => set({ resolution }),
        setShowBasis: (showBasis) => set({ showBasis }),
      },
    }),
    {
      name: CHART_STORAGE_KEY,
      what: 'chart settings',
      version: 1,
      migrations: {},
      schema: storedChartSchema,
      partialize: ({ resolution, showBasis }) => ({ resolution, showBasis }),
    },
  ),
);

export const useChartResolution = () => useChartStore((state) => state.resolution);
export const useShowBasis = () => useChartStore((state) => state.showBasis);
export const useChartActions = () => useChartStore((state) => state.actions);
