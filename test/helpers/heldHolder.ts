/**
 * What the unit tests of HeldOrders share: a BTC futures row at a mark (as the proxy's poll gives
 * it), a logger that says nothing, and a sender that takes fired tickets and never answers.
 */
import type { FuturesRow } from '@/interface';
import type { Logger } from '@/proxy/log';

export const BTC = 'PERP_BTC_USDC';

export const futuresRow = (mark: number): FuturesRow => ({
  symbol: BTC, index_price: mark, mark_price: mark, sum_unitary_funding: 0, est_funding_rate: 0, last_funding_rate: 0,
  next_funding_time: 0, open_interest: 12, '24h_open': mark, '24h_close': mark, '24h_high': mark, '24h_low': mark,
  '24h_amount': 0, '24h_volume': 3,
});

export const quietLog = { info: () => {}, warn: () => {}, error: () => {}, child: () => quietLog } as unknown as Logger;

export const silentSender = { accepting: true, sending: true, sendingFor: () => true, sendFired: () => new Promise<never>(() => {}) };
