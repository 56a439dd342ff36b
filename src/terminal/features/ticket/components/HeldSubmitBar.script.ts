import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { useArmHeld, type HeldSender } from '../api/armHeld';
import { ticketKeys } from '../api/keys';
import type { HeldCheck } from '../model/checkHeld';
import { submitNotice } from '../model/submit';
import { useArmPending, useTicketActions } from '../store';

/**
 * The send button of a held order or bracket: always asked first (it states when the order fires
 * and what it sends), armed at most once; a request on its way keeps its key until answered.
 */
export function useHeldSubmitBar(check: HeldCheck, sender: HeldSender | undefined) {
  const actions = useTicketActions();
  const pending = useArmPending();
  const mutation = useArmHeld(sender);
  // What the trader agreed to is what goes, though the mark moves while the question is open.
  const [confirming, setConfirming] = useState<HeldCheck | null>(null);
  const sending = useIsMutating({ mutationKey: ticketKeys.arm() }) > 0 || mutation.isPending;
  const blocked = check.blockers.length > 0;
  const armChecked = (agreed: HeldCheck) => {
    setConfirming(null);
    if (!agreed.request || sending) return;
    mutation.mutate(actions.beginArm(agreed.request));
  };
  return {
    blocked,
    sending,
    error: mutation.error,
    notice: submitNotice({ blocked, failed: Boolean(mutation.error), pending: Boolean(pending), sending }),
    confirming,
    submit: () => {
      if (blocked) actions.attemptSend();
      if (blocked || sending) return;
      setConfirming(check);
    },
    arm: () => confirming && armChecked(confirming),
    cancel: () => setConfirming(null),
  };
}
