import { useState } from 'react';
import { DEFAULT_PRICE_GUARD_PERCENT, readMinNotional } from '../model/submit';
import { DEFAULT_MARKETABLE_BAND } from '../model/warnings';
import { useConfirmSettings, useTicketActions } from '../store';

/**
 * The confirm settings, with the notional as the trader types it: a half-typed "12." stays on
 * screen while the number in force is taken as soon as it reads as one.
 */
export function useConfirmSettingsForm() {
  const settings = useConfirmSettings();
  const actions = useTicketActions();
  const [notionalText, setNotionalText] = useState<string | undefined>(undefined);
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
    bandText: String(settings.marketableBandPercent ?? DEFAULT_MARKETABLE_BAND * 100),
    /** The band of the marketable-limit warning, in percent; a value that is not above 0 is not taken. */
    setBand: (text: string) => {
      const value = Number(text);
      if (Number.isFinite(value) && value > 0) actions.setConfirm({ marketableBandPercent: value });
    },
    guardText: String(settings.priceGuardPercent ?? DEFAULT_PRICE_GUARD_PERCENT),
    /** The price guard of skipped confirmations, in percent; a value that is not above 0 is not taken. */
    setGuard: (text: string) => {
      const value = Number(text);
      if (Number.isFinite(value) && value > 0) actions.setConfirm({ priceGuardPercent: value });
    },
    /** Leaving the field shows the notional in force again. */
    settleNotional: () => setNotionalText(undefined),
  };
}
