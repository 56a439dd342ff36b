import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import { useHeldActions } from '../api/heldMutations';
import { useHeldOrders } from '../api/heldQuery';
import { useCancelAllStore } from '../cancelAllStore';
import { isLive } from '../model/heldRows';

/** Tells what a cancel of many did, in a toast: the panel may not be on screen. */
export function sayCancelled(count: number, market?: string): void {
  const title = market
    ? plural(count, { one: `# held order cancelled in ${market}`, other: `# held orders cancelled in ${market}` })
    : plural(count, { one: '# held order cancelled', other: '# held orders cancelled' });
  useToastStore.getState().actions.push({ id: `held-cancelled:${Date.now()}`, tone: 'success', title, timeoutMs: 4000 });
}

/** The confirmation of "Cancel all held orders": counts the live ones while it is open, then cancels them. */
export function useCancelAllHeld(intervalMs: number) {
  const open = useCancelAllStore((state) => state.open);
  const { close } = useCancelAllStore((state) => state.actions);
  const held = useHeldOrders(intervalMs, open);
  const { cancelAll } = useHeldActions();
  const [problem, setProblem] = useState<string>();
  const count = held.data?.filter(isLive).length;
  const hide = () => {
    setProblem(undefined);
    close();
  };
  const confirm = () =>
    cancelAll.mutate(undefined, {
      onSuccess: (rows) => {
        sayCancelled(rows.length);
        hide();
      },
      onError: (error) => setProblem(error.message || t`The held orders could not be cancelled.`),
    });
  return { open, count, loading: held.isPending, busy: cancelAll.isPending, problem, confirm, hide };
}
