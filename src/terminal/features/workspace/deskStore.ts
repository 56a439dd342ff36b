import { create } from 'zustand';
import type { DockLayout } from './model/dockLayout';

/** What the Layout menu asks of the dock, once the dock has loaded. */
export interface DockControls {
  /** Opens a closed panel (beside the active group), or shows an open one. */
  open(id: string): void;
  close(id: string): void;
  /** The layout as it is now, for Save as and Export. */
  snapshot(): DockLayout;
}

interface DeskState {
  /** The panels some layout shows now; the others are not rendered. */
  shown: readonly string[];
  dock: DockControls | null;
  actions: {
    show(ids: readonly string[]): void;
    attachDock(dock: DockControls | null): void;
  };
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

export const useDeskStore = create<DeskState>()((set, get) => ({
  shown: ['markets'],
  dock: null,
  actions: {
    show(ids) {
      const sorted = [...new Set(ids)].sort();
      if (!same(sorted, get().shown)) set({ shown: sorted });
    },
    attachDock(dock) {
      set({ dock });
    },
  },
}));

export const useShownPanels = () => useDeskStore((state) => state.shown);
export const useDockControls = () => useDeskStore((state) => state.dock);
export const useDeskActions = () => useDeskStore((state) => state.actions);
