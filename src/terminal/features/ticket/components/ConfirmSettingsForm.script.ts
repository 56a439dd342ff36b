import { useState } from 'react';
import {
  DEFAULT_MARKET_CONFIRM_NOTIONAL,
  DEFAULT_MARKET_SLIPPAGE_PERCENT,
  DEFAULT_PRICE_GUARD_PERCENT,
  readMinNotional,
} from '../model/submit';
import { PRICE_BAND } from '../model/validators';
import { DEFAULT_MARKETABLE_BAND } from '../model/warnings';
import { useConfirmSettings, useTicketActions } from '../store';

/** A percentage the settings take: a number above 0. */
const readPercent = (text: string): number | undefined => {
  const value = Number(text);
  return text !== '' && Number.isFinite(value) && value > 0 ? value : undefined;
};

/** A slippage the service's price band lets through: above 0, at most the band. */
const readSlippage = (text: string): number | undefined => {
  const value = readPercent(text);
  return value !== undefined && value <= PRICE_BAND * 100 ? value : undefined;
};

/**
 * A number field as the trader types it: a half-typed "12." stays on screen, the number in force
 * is taken as soon as `read` accepts the text, and leaving the field shows that number again.
 */
function useNumberText(current: number, read: (text: string) => number | undefined, take: (value: number) => void) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  return {
    text: draft ?? String(current),
    set: (text: string) => {
      setDraft(text);
      const value = read(text);
      if (value !== undefined) take(value);
    },
    settle: () => setDraft(undefined),
  };
}

/** The confirm settings, the notional and the percentages as the trader types them. */
export function useConfirmSettingsForm() {
  const settings = useConfirmSettings();
  const actions = useTicketActions();
  const notional = useNumberText(settings.minNotional, readMinNotional, (value) => actions.setConfirm({ minNotional: value }));
  const band = useNumberText(settings.marketableBandPercent ?? DEFAULT_MARKETABLE_BAND * 100, readPercent, (value) =>
    actions.setConfirm({ marketableBandPercent: value }),
  );
  const guard = useNumberText(settings.priceGuardPercent ?? DEFAULT_PRICE_GUARD_PERCENT, readPercent, (value) =>
    actions.setConfirm({ priceGuardPercent: value }),
  );
  const slippage = useNumberText(settings.marketSlippagePercent ?? DEFAULT_MARKET_SLIPPAGE_PERCENT, readSlippage, (value) =>
    actions.setConfirm({ marketSlippagePercent: value }),
  );
  const marketNotional = useNumberText(settings.marketConfirmNotional ?? DEFAULT_MARKET_CONFIRM_NOTIONAL, readMinNotional, (value) =>
    actions.setConfirm({ marketConfirmNotional: value }),
  );
  return {
    settings,
    /** Whether market orders go bounded, as IOC at mark ± slippage. */
    bounded: settings.boundMarketOrders !== false,
    setBounded: (bounded: boolean) => actions.setConfirm({ boundMarketOrders: bounded }),
    /** The market orders' maximum slippage, in percent. */
    slippage,
    /** From what notional (USDC, at the mark) a market order asks before it is sent. */
    marketNotional,
    setAlways: (always: boolean) => actions.setConfirm({ mode: always ? 'always' : 'large' }),
    setMinOrders: (text: string) => {
      const value = Number(text);
      if (Number.isInteger(value) && value >= 1) actions.setConfirm({ minOrders: value });
    },
    /** From what notional (USDC) a ticket asks before it is sent. */
    notional,
    /** The band of the marketable-limit warning, in percent. */
    band,
    /** The price guard of skipped confirmations, in percent. */
    guard,
  };
}
