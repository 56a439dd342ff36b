import { describe, expect, it } from 'vitest';
import type { Duration } from '@/interface';
import { durationsFor, orderTypeFor } from '@/terminal/features/ticket/model/durations';

const duration = (id: string, supportedOrderTypes?: string[]): Duration => ({
  id,
  title: id,
  hasDatePicker: false,
  hasTimePicker: false,
  default: false,
  ...(supportedOrderTypes ? { supportedOrderTypes } : {}),
});

describe('durations per ticket kind (docs/contract/decisions.md)', () => {
  const config = [
    duration('GTC'),
    duration('IOC', ['IOC']),
    duration('POST_ONLY', ['post_only']),
    duration('FOK', ['Limit']),
    duration('NOW', ['ask', 'BID']),
    duration('DAY', ['market', 'limit']),
    duration('STOPPED', ['stop', 'stoplimit']),
  ];

  it('offers for limit orders what names limit or a limit-family order type, in any case; limit only when unsaid', () => {
    expect(durationsFor('limit', config).map((item) => item.id)).toEqual(['GTC', 'IOC', 'POST_ONLY', 'FOK', 'DAY']);
  });

  it('offers for market orders what names market, ASK or BID', () => {
    expect(durationsFor('market', config).map((item) => item.id)).toEqual(['NOW', 'DAY']);
  });

  it('sends a limit ticket as the order type its duration names, else LIMIT; a market ticket as MARKET', () => {
    expect(['GTC', 'IOC', 'POST_ONLY', 'FOK', 'DAY'].map((id) => orderTypeFor('limit', duration(id)))).toEqual(['LIMIT', 'IOC', 'POST_ONLY', 'FOK', 'LIMIT']);
    expect(orderTypeFor('market', duration('NOW'))).toBe('MARKET');
  });
});
