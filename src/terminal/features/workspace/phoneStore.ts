import { create } from 'zustand';

export type PhoneTab = 'markets' | 'chart' | 'orders' | 'held' | 'account' | 'approvals' | 'desk' | 'audit';

/** Which phone tab and whether the ticket sheet is up: kept across a rotation to the desk and back. */
export const usePhoneStore = create<{ tab: PhoneTab; sheet: boolean; set(patch: Partial<{ tab: PhoneTab; sheet: boolean }>): void }>()((set) => ({
  tab: 'markets',
  sheet: false,
  set: (patch) => set(patch),
}));
