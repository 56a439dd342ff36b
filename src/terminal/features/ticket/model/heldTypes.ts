import type { HeldOrderType } from '@/interface';

/**
 * The kinds the proxy holds and sends when their moment comes (issue 28), as the ticket offers
 * them. They are the proxy's own, so they are offered whatever the config's supportedOrderTypes
 * say: the config's durations apply to orders sent now (limit, market) only, and a stop limit's
 * fired order goes as a plain LIMIT.
 */
export const heldKinds = ['stop', 'stopLimit', 'takeProfit', 'takeProfitLimit', 'trailing', 'twap'] as const;
export type HeldKind = (typeof heldKinds)[number];

export const heldTypeOf: Record<HeldKind, HeldOrderType> = {
  stop: 'STOP_MARKET',
  stopLimit: 'STOP_LIMIT',
  takeProfit: 'TAKE_PROFIT_MARKET',
  takeProfitLimit: 'TAKE_PROFIT_LIMIT',
  trailing: 'TRAILING_STOP',
  twap: 'TWAP',
};

/** Kinds judged against a trigger the trader types. */
export const triggeredKinds: readonly HeldKind[] = ['stop', 'stopLimit', 'takeProfit', 'takeProfitLimit'];
/** Kinds whose fired order is a LIMIT at the price the trader types. */
export const limitKinds: readonly HeldKind[] = ['stopLimit', 'takeProfitLimit'];
export const isStopKind = (kind: HeldKind) => kind === 'stop' || kind === 'stopLimit';

/** Every text field of a held kind and of a bracket's exits, as typed (numbers stay text until checked). */
export interface HeldFields {
  trigger: string;
  /** A stop limit's or take-profit limit's price. */
  limitPrice: string;
  trailingUnit: 'price' | 'percent';
  trailing: string;
  twapMinutes: string;
  twapSliceSeconds: string;
  /** Empty: each slice goes as MARKET. */
  twapSlippage: string;
  twapPriceLimit: string;
  twapRandomize: string;
  /** A limit or market entry's exits: triggers, and limit prices (empty: MARKET). */
  takeProfit: string;
  takeProfitPrice: string;
  stopLoss: string;
  stopLossPrice: string;
}

export const emptyHeldFields: HeldFields = {
  trigger: '',
  limitPrice: '',
  trailingUnit: 'percent',
  trailing: '',
  twapMinutes: '60',
  twapSliceSeconds: '60',
  twapSlippage: '0.5',
  twapPriceLimit: '',
  twapRandomize: '',
  takeProfit: '',
  takeProfitPrice: '',
  stopLoss: '',
  stopLossPrice: '',
};


/**
 * The held fields a row keeps on another market: its prices were for the old one, so only the
 * unit and the TWAP's timing carry over.
 */
export function heldForMarket(held: HeldFields | undefined): HeldFields | undefined {
  if (!held) return undefined;
  const { trailingUnit, twapMinutes, twapSliceSeconds, twapSlippage, twapRandomize } = held;
  return { ...emptyHeldFields, trailingUnit, twapMinutes, twapSliceSeconds, twapSlippage, twapRandomize };
}
