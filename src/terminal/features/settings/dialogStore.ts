import { create } from 'zustand';

/** Whether the settings are open: the top bar's button, the palette and a hotkey all open them. */
export const useSettingsDialog = create<{ open: boolean; show(): void; hide(): void }>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));

export const openSettings = () => useSettingsDialog.getState().show();
