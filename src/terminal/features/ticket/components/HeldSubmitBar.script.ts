import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { useArmHeld, type HeldSender } from '../api/armHeld';
import { ticketKeys } from '../api/keys';
import type { HeldCheck } from '../model/checkHeld';
import { submitNotice } from '../model/submit';
import { useMay } from '@/terminal/shared/person';
import { useArmPending, useTicketActions } from '../store';
import type { TicketAccount } from './TicketAccount.script';

/**
 * The send button of a held order or bracket: always asked first (it states when the order fires
 * and what it sends), armed at most once; a request on its way keeps its key until answered.
 */
export function useHeldSubmitBar(check: HeldCheck, sender: HeldSender | undefined, account?: TicketAccount) {
  const actions = useTicketActions();
  const pending = useArmPending();
  const mutation = useArmHeld(sender);
  // What the trader agreed to is what goes, though the mark moves while the question is open.
  const [confirming, setConfirming] = useState<HeldCheck | null>(null);
  const sending = useIsMutating({ mutationKey: ticketKeys.arm() }) > 0 || mutation.isPending;
  const blocked = check.blockers.length > 0;
  const permission = useMay('trade', account?.name);
  const armChecked = (agreed: HeldCheck) => {
    setConfirming(null);
    if (!agreed.request || sending || !permission.allowed) return;
    mutation.mutate(actions.beginArm(agreed.request, account?.name));
  };
  return {
    blocked,
    sending,
    /** Why this person may not arm at all, when they may not. */
    refusal: permission.reason,
    error: mutation.error,
    notice: submitNotice({ blocked, failed: Boolean(mutation.error), pending: Boolean(pending), sending }),
    confirming,
    submit: () => {
      if (!permission.allowed) return;
      if (blocked) actions.attemptSend();
      if (blocked || sending) return;
      setConfirming(check);
    },
    arm: () => confirming && armChecked(confirming),
    cancel: () => setConfirming(null),
  };
}
