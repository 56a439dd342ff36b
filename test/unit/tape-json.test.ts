import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tapeCandlesResponseSchema, type TapeCandlesResponse } from '@/interface';
import { candleJson, candlesAnswerBytes, candlesAnswerJson, joinedJson } from '@/proxy/tape/candlesJson';

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const candle = fc.record({
  time: fc.nat(),
  open: finite,
  high: finite,
  low: finite,
  close: finite,
  index_close: finite,
  est_funding_rate: finite,
  open_interest: finite,
  volume_24h: finite,
  samples: fc.integer({ min: 1, max: 10_000 }),
});
const answer = fc.record({
  success: fc.constant(true as const),
  data: fc.record({ rows: fc.array(candle, { maxLength: 20 }), recordingSince: fc.option(fc.nat(), { nil: null }), simulated: fc.boolean() }),
  timestamp: fc.nat(),
});

describe('the candles answer written by hand', () => {
  it('is the text JSON.stringify gives, and reads back as the declared schema', () => {
    fc.assert(
      fc.property(answer, (value: TapeCandlesResponse) => {
        const text = candlesAnswerJson(value);
        expect(text).toBe(JSON.stringify(value));
        const rows = joinedJson(value.data.rows.map(candleJson));
        expect(rows.equals(Buffer.from(value.data.rows.map(candleJson).join(',')))).toBe(true);
        expect(candlesAnswerBytes(rows, value.data.recordingSince, value.data.simulated, value.timestamp).toString()).toBe(text);
        expect(tapeCandlesResponseSchema.safeParse(JSON.parse(text)).success).toBe(true);
      }),
    );
  });

  it('refuses a number JSON would turn into null, naming the field', () => {
    const row = { time: 0, open: 1, high: 1, low: 1, close: Number.NaN, index_close: 1, est_funding_rate: 0, open_interest: 0, volume_24h: 0, samples: 1 };
    expect(() => candlesAnswerJson({ success: true, data: { rows: [row], recordingSince: null, simulated: false }, timestamp: 1 })).toThrow(
      'tape answer: close is NaN, not a finite number',
    );
  });
});
