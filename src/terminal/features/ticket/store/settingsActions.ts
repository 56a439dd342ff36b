import type { SetTicket, SettingsActions } from './state';

export function settingsActions(set: SetTicket): SettingsActions {
  return {
    setTool(tool) {
      set({ tool });
    },
    setConfirm(settings) {
      set((state) => ({ confirm: { ...state.confirm, ...settings } }));
    },
    setRecvWindow(ms) {
      set({ recvWindow: ms });
    },
    chooseAccount(workspace, account) {
      set((state) => ({ accounts: { ...state.accounts, [workspace]: account } }));
    },
  };
}
