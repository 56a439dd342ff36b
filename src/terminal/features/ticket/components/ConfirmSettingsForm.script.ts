import { useState } from 'react';
import { DEFAULT_PRICE_GUARD_PERCENT, readMinNotional } from '../model/submit';
import { DEFAULT_MARKETABLE_BAND } from '../model/warnings';
import { useConfirmSettings, useTicketActions } from '../store';

/**
 * A percent field as the trader types it: a half-typed "0." stays on screen, the number in force is
 * taken as soon as it reads as one above 0, and leaving the field shows that number again.
 */
function usePercentText(current: number, take: (value: number) => void) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  return {
    text: draft ?? String(current),
    set: (text: string) => {
      setDraft(text);
      const value = Number(text);
      if (text !== '' && Number.isFinite(value) && value > 0) take(value);
    },
    settle: () => setDraft(undefined),
  };
}

/**
 * The confirm settings, with the notional and the percentages as the trader types them: a
 * half-typed "12." stays on screen while the number in force is taken as soon as it reads as one.
 */
export function useConfirmSettingsForm() {
  const settings = useConfirmSettings();
  const actions = useTicketActions();
  const [notionalText, setNotionalText] = useState<string | undefined>(undefined);
  const band = usePercentText(settings.marketableBandPercent ?? DEFAULT_MARKETABLE_BAND * 100, (value) =>
    actions.setConfirm({ marketableBandPercent: value }),
  );
  const guard = usePercentText(settings.priceGuardPercent ?? DEFAULT_PRICE_GUARD_PERCENT, (value) => actions.setConfirm({ priceGuardPercent: value }));
  return {
    settings,
    setAlways: (always: boolean) => actions.setConfirm({ mode: always ? 'always' : 'large' }),
    setMinOrders: (text: string) => {
      const value = Number(text);
      if (Number.isInteger(value) && value >= 1) actions.setConfirm({ minOrders: value });
    },
    notionalText: notionalText ?? String(settings.minNotional),
    setMinNotional: (text: string) => {
      setNotionalText(text);
      const value = readMinNotional(text);
      if (value !== undefined) actions.setConfirm({ minNotional: value });
    },
    /** The band of the marketable-limit warning, in percent. */
    band,
    /** The price guard of skipped confirmations, in percent. */
    guard,
    /** Leaving the field shows the notional in force again. */
    settleNotional: () => setNotionalText(undefined),
  };
}
