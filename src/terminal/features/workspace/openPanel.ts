import { useDeskStore } from './deskStore';
import { usePhoneStore, type PhoneTab } from './phoneStore';

const PHONE_TABS: readonly string[] = ['markets', 'chart', 'orders', 'held', 'account', 'approvals', 'desk', 'audit'] satisfies PhoneTab[];

/** Opens a panel from anywhere (a command): beside the active group on a desk, its tab on a phone. */
export function openPanel(id: string): void {
  const dock = useDeskStore.getState().dock;
  if (dock) return dock.open(id);
  if (PHONE_TABS.includes(id)) usePhoneStore.getState().set({ tab: id as PhoneTab, sheet: false });
}
