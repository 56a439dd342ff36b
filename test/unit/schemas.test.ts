import { describe, expect, it } from 'vitest';
import {
  batchOrderRequestSchema,
  describeIssues,
  errorEnvelopeSchema,
  errorReply,
  futuresResponseSchema,
  isAcceptedRow,
  orderRequestSchema,
  orderResultRowSchema,
  tvConfigResponseSchema,
} from '@/interface';
import { terminalConfig } from '@/service/config';
import { instrumentsFor } from '@/service/market/instruments';
import { MarketSimulator } from '@/service/market/simulator';

const problem = (value: unknown) => {
  const parsed = orderRequestSchema.safeParse(value);
  return parsed.success ? '' : describeIssues(parsed.error);
};

describe('futures schema', () => {
  it('round-trips what the simulator produces, through JSON', () => {
    const simulator = new MarketSimulator({ instruments: instrumentsFor(), seed: 3, start: 1_700_000_000_000 });
    const response = { success: true, data: { rows: simulator.rows(1_700_000_001_000) }, timestamp: 1_700_000_001_000 };
    const parsed = futuresResponseSchema.parse(JSON.parse(JSON.stringify(response)));
    expect(parsed).toEqual(response);
  });

  it('names the field that is wrong', () => {
    const simulator = new MarketSimulator({ instruments: instrumentsFor(2), seed: 3, start: 0 });
    const rows: Record<string, unknown>[] = simulator.rows(1000);
    rows[1] = { ...rows[1], mark_price: '100' };
    const parsed = futuresResponseSchema.safeParse({ success: true, data: { rows }, timestamp: 1 });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(describeIssues(parsed.error)).toMatch(/^data\.rows\[1\]\.mark_price: .*number/);
  });
});

describe('order request schema', () => {
  const limit = { symbol: 'PERP_BTC_USDC', order_type: 'LIMIT', side: 'BUY', order_price: 100012.5, order_quantity: 0.01 };

  it('round-trips a full order through JSON', () => {
    const order = {
      ...limit,
      client_order_id: 'abc-123',
      visible_quantity: 0,
      order_tag: 'ladder',
      margin_mode: 'CROSS',
    };
    expect(orderRequestSchema.parse(JSON.parse(JSON.stringify(order)))).toEqual(order);
    expect(batchOrderRequestSchema.parse({ orders: [order] })).toEqual({ orders: [order] });
  });

  it('applies the rules between fields of docs/contract/decisions.md', () => {
    expect(problem({ ...limit, order_price: undefined })).toMatch(/order_price: required for LIMIT/);
    expect(problem({ symbol: 'PERP_BTC_USDC', order_type: 'MARKET', side: 'SELL', order_quantity: 1 })).toBe('');
    expect(problem({ symbol: 'PERP_BTC_USDC', order_type: 'BID', side: 'BUY', order_amount: 100 })).toBe('');
    expect(problem({ ...limit, order_amount: 100 })).toMatch(/not both/);
    expect(problem({ ...limit, order_quantity: undefined, order_amount: 100 })).toMatch(/only MARKET, ASK and BID/);
    expect(problem({ ...limit, order_quantity: undefined })).toMatch(/order_quantity: required/);
    expect(problem({ ...limit, visible_quantity: 0.02 })).toMatch(/visible_quantity: must not exceed/);
    expect(problem({ ...limit, client_order_id: '-abc' })).toMatch(/client_order_id/);
    expect(problem({ ...limit, client_order_id: 'a'.repeat(37) })).toMatch(/at most 36/);
    expect(problem({ ...limit, order_tag: 'x'.repeat(129) })).toMatch(/order_tag: at most 128/);
    expect(problem({ ...limit, side: 'LONG' })).toMatch(/^side:/);
    expect(problem({ ...limit, symbol: 'BTCUSDT' })).toMatch(/^symbol: expected an instrument/);
    expect(problem({ ...limit, order_price: -1 })).toMatch(/^order_price:/);
    expect(problem({ ...limit, margin_mode: 'PORTFOLIO' })).toMatch(/^margin_mode:/);
  });

  it('refuses unknown fields rather than dropping them', () => {
    expect(problem({ ...limit, price: 1 })).toMatch(/price/);
  });
});

describe('result rows and envelopes', () => {
  it('reads success the four ways docs/contract/decisions.md allows', () => {
    for (const error_message of ['', null, undefined, 'none', 'NONE']) {
      expect(isAcceptedRow(orderResultRowSchema.parse({ order_id: 1, error_message }))).toBe(true);
    }
    expect(isAcceptedRow(orderResultRowSchema.parse({ order_id: null, error_message: 'too far' }))).toBe(false);
  });

  it('accepts a numeric code as number or string', () => {
    expect(errorEnvelopeSchema.parse({ success: false, code: '-1002', message: 'x' }).code).toBe(-1002);
    expect(errorEnvelopeSchema.parse({ success: false, code: -1003, message: 'x' }).code).toBe(-1003);
    expect(errorEnvelopeSchema.safeParse({ success: false, code: 'abc', message: 'x' }).success).toBe(false);
  });
});

describe('config schema', () => {
  it('round-trips the embedded service config', () => {
    const response = { s: 'ok', d: terminalConfig };
    expect(tvConfigResponseSchema.parse(JSON.parse(JSON.stringify(response)))).toEqual(response);
    expect(tvConfigResponseSchema.parse({ s: 'error', errmsg: 'maintenance' })).toEqual({ s: 'error', errmsg: 'maintenance' });
  });
});

describe('errorReply (shared by proxy and service)', () => {
  it('gives the family code with its usual status, or the status the case calls for', () => {
    expect(errorReply('rateLimited', 'slow down')).toEqual({ status: 429, body: { success: false, code: -1003, message: 'slow down' } });
    expect(errorReply('invalidParameter', 'Content-Type must be application/json', 415).status).toBe(415);
  });
});
