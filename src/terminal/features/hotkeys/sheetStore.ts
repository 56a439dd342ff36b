import { create } from 'zustand';

/** Whether the shortcut sheet is open (`?`, the palette, the settings). */
export const useShortcutSheet = create<{ open: boolean; show(): void; hide(): void }>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));

export const openShortcutSheet = () => useShortcutSheet.getState().show();
