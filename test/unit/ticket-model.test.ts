import { describe, expect, it } from 'vitest';
import { baseAsset, quoteAsset, type Duration, type JournalOrder, type TicketResult } from '@/interface';
import { tableSource, countStatus } from '@/terminal/features/account';
import type { TicketSummary } from '@/terminal/features/ticket/model/checkTicket';
import { Big } from '@/terminal/features/ticket/model/decimal';
import { clientIdsInUse } from '@/terminal/features/ticket/model/ids';
import { ladderReady, type LadderInput } from '@/terminal/features/ticket/model/ladder';
import { outcomeTone, retryableRows, retryDrafts, statusCounts } from '@/terminal/features/ticket/model/outcome';
import { rowsFromLadder } from '@/terminal/features/ticket/model/rows';
import { needsConfirmation, readMinNotional, submitNotice } from '@/terminal/features/ticket/model/submit';
import { cleanPastedDecimal, isDecimalDraft, stepDecimal } from '@/terminal/shared/format/decimalText';

const summary = (orders: number, notional: string): TicketSummary => ({
  orders,
  toFix: 0,
  legs: [],
  groups: [],
  largestMarketNotional: null,
  unboundedMarkets: 0,
  totalNotional: new Big(notional),
  furthestFromMark: null,
  requests: 1,
  seconds: 0,
  warnings: [],
});

describe('symbols', () => {
  it('gives the base and quote of an instrument', () => {
    expect([baseAsset('PERP_BTC_USDC'), quoteAsset('PERP_BTC_USDC')]).toEqual(['BTC', 'USDC']);
    expect([baseAsset(''), quoteAsset('PERP_BTC')]).toEqual([undefined, undefined]);
  });
});

describe('sending', () => {
  it('asks always, or from a number of orders or a notional', () => {
    expect(needsConfirmation(summary(1, '1'), { mode: 'always', minOrders: 5, minNotional: 50_000 })).toBe(true);
    const large = { mode: 'large' as const, minOrders: 5, minNotional: 50_000 };
    expect(needsConfirmation(summary(4, '49999.99'), large)).toBe(false);
    expect(needsConfirmation(summary(5, '1'), large)).toBe(true);
    expect(needsConfirmation(summary(1, '50000'), large)).toBe(true);
  });

  it('says the most pressing thing under the button', () => {
    const state = { blocked: false, failed: false, pending: false, sending: false };
    expect(submitNotice(state)).toBe('none');
    expect(submitNotice({ ...state, pending: true })).toBe('checking');
    expect(submitNotice({ ...state, pending: true, sending: true })).toBe('none');
    expect(submitNotice({ ...state, failed: true, pending: true })).toBe('unreachable');
    expect(submitNotice({ ...state, blocked: true, failed: true })).toBe('blocked');
  });

  it('takes a confirm notional from 0 up, as typed', () => {
    expect([readMinNotional('25000'), readMinNotional('12.'), readMinNotional(''), readMinNotional('.'), readMinNotional('-1')]).toEqual([
      25000, 12, 0, undefined, undefined,
    ]);
  });
});

describe('ladder rows', () => {
  const input: LadderInput = {
    side: 'SELL', mode: 'range', fromPrice: '1', toPrice: '2', startPrice: '', stepPrice: '', count: '5', totalQuantity: '1', distribution: 'even',
  };
  it('builds once the total and the prices of its mode are typed', () => {
    expect(ladderReady(input)).toBe(true);
    expect(ladderReady({ ...input, toPrice: ' ' })).toBe(false);
    expect(ladderReady({ ...input, mode: 'step' })).toBe(false);
    expect(ladderReady({ ...input, mode: 'step', startPrice: '1', stepPrice: '0.5' })).toBe(true);
    expect(ladderReady({ ...input, totalQuantity: '' })).toBe(false);
  });

  it('makes one limit row per leg, on the market and side, each with its own client id', () => {
    const rows = rowsFromLadder([{ price: '99000.0', quantity: '0.2' }, { price: '98000.0', quantity: '0.1' }], 'SELL', 'PERP_BTC_USDC', []);
    expect(rows.map((row) => [row.symbol, row.side, row.kind, row.price, row.size])).toEqual([
      ['PERP_BTC_USDC', 'SELL', 'limit', '99000.0', '0.2'],
      ['PERP_BTC_USDC', 'SELL', 'limit', '98000.0', '0.1'],
    ]);
    expect(rows[0]?.clientOrderId).not.toBe(rows[1]?.clientOrderId);
  });
});

const order = (status: JournalOrder['status'], client_order_id: string | null) => ({ status, client_order_id }) as JournalOrder;

describe('client ids in use', () => {
  it('holds the ids of orders that are or may be live, not of rejected or failed ones', () => {
    const orders = [order('accepted', 'a'), order('unknown', 'b'), order('rejected', 'c'), order('failed', 'd'), order('accepted', null)];
    expect(clientIdsInUse(orders)).toEqual(new Set(['a', 'b']));
  });
});

describe('account table sources', () => {
  const orders = [order('accepted', 'a'), order('rejected', 'b')];
  const table = (id: string) => ({ id, title: id, columns: [] });
  it('gives market rows, working orders or the journal by table id, and nothing for other ids', () => {
    expect(tableSource(table('Markets'), { markets: [{ symbol: 'X' }] })).toEqual({ rows: [{ symbol: 'X' }], key: 'symbol', feed: 'markets' });
    expect(tableSource(table('markets'), {})).toEqual({ feed: 'markets' });
    expect(tableSource(table('workingOrders'), { orders })).toEqual({ rows: [orders[0]], key: 'client_order_id', feed: 'journal' });
    expect(tableSource(table('history'), { orders })).toEqual({ rows: orders, key: 'client_order_id', feed: 'journal' });
    expect(tableSource(table('orders'), {})).toEqual({ feed: 'journal' });
    expect(tableSource(table('positions'), { orders })).toEqual({ feed: 'journal' });
    expect(countStatus(orders, 'rejected')).toBe(1);
  });
});

describe('decimal text', () => {
  it('takes digits and one point, and a minus only below zero', () => {
    expect(['', '.', '12.', '0.5', '12.5'].every((text) => isDecimalDraft(text, '0'))).toBe(true);
    expect(['1e5', '1.2.3', ' 1', '1,5', '-1'].some((text) => isDecimalDraft(text, '0'))).toBe(false);
    expect(isDecimalDraft('-1')).toBe(true);
  });

  it('cleans pasted thousands separators and spaces, not a decimal comma', () => {
    expect(cleanPastedDecimal(' 1,234,567.8 ')).toBe('1234567.8');
    expect(cleanPastedDecimal('1\u202f234\u00a0567')).toBe('1234567');
    expect(cleanPastedDecimal("12'345.5")).toBe('12345.5');
    expect(cleanPastedDecimal('1,5')).toBe('1,5');
  });

  it('steps exactly, keeps the decimals, stops at min', () => {
    expect(stepDecimal('0.2', '0.1', 1)).toBe('0.3');
    expect(stepDecimal('100000.0', '0.1', -1)).toBe('99999.9');
    expect(stepDecimal('5', '1000', -1, '0')).toBe('0');
    expect(stepDecimal('', '0.0001', 1)).toBe('0.0001');
    expect(stepDecimal('-', '1', 1)).toBeUndefined();
  });
});

describe('ticket outcome', () => {
  const row = (seq: number, status: JournalOrder['status'], order_type: JournalOrder['order_type'] = 'LIMIT') =>
    ({
      seq, status, symbol: 'PERP_BTC_USDC', side: 'BUY', order_type, order_price: 100000, order_quantity: 0.1, order_amount: null,
      visible_quantity: null, order_tag: null, margin_mode: 'CROSS',
    }) as unknown as TicketResult['rows'][number];
  const durations: Duration[] = [{ id: 'GTC', title: 'GTC', hasDatePicker: false, hasTimePicker: false, default: true, supportedOrderTypes: ['limit'] }];

  it('counts each status in the order the result names them, and picks a tone', () => {
    expect(statusCounts([row(0, 'rejected'), row(1, 'accepted'), row(2, 'accepted')])).toEqual([['accepted', 2], ['rejected', 1]]);
    expect([outcomeTone(undefined), outcomeTone({ status: 'accepted' } as TicketResult), outcomeTone({ status: 'partial' } as TicketResult)]).toEqual([
      'bad', 'ok', 'warn',
    ]);
  });

  it('retries rejected and failed orders, and says which cannot come back', () => {
    const rows = [row(0, 'accepted'), row(1, 'rejected'), row(2, 'failed', 'ASK')];
    expect(retryableRows(rows).map((item) => item.seq)).toEqual([1, 2]);
    const { drafts, skipped } = retryDrafts(retryableRows(rows), durations);
    expect(drafts.map((draft) => [draft.price, draft.size, draft.durationId])).toEqual([['100000', '0.1', 'GTC']]);
    expect(skipped).toEqual(['#3 PERP_BTC_USDC: the ticket has no ASK orders; enter it as a market order']);
  });
});
