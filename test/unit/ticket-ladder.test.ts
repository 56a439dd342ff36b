import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big, isMultipleOf, stepOf } from '@/terminal/features/ticket/model/decimal';
import { buildLadder, splitUnits, type LadderInput } from '@/terminal/features/ticket/model/ladder';
import type { MarketContext } from '@/terminal/features/ticket/model/types';

const btc: MarketContext = { symbol: 'PERP_BTC_USDC', mark_price: 100000, priceDecimals: 1, quantityDecimals: 4 };

const range = (extra: Partial<LadderInput> = {}): LadderInput => ({
  side: 'BUY',
  mode: 'range',
  fromPrice: '100',
  toPrice: '90',
  startPrice: '',
  stepPrice: '',
  count: '5',
  totalQuantity: '1',
  distribution: 'even',
  ...extra,
});
const steps = (extra: Partial<LadderInput> = {}): LadderInput =>
  range({ mode: 'step', fromPrice: '', toPrice: '', startPrice: '100', stepPrice: '0.5', ...extra });

const prices = (input: LadderInput, market = btc) => buildLadder(input, market).legs.map((leg) => leg.price);
const quantities = (input: LadderInput, market = btc) => buildLadder(input, market).legs.map((leg) => leg.quantity);
const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new Big(0));

describe('ladder quantities', () => {
  it('splits evenly when the total divides', () => {
    expect(buildLadder(range(), btc)).toEqual({
      errors: {},
      legs: [
        { price: '100.0', quantity: '0.2000' },
        { price: '97.5', quantity: '0.2000' },
        { price: '95.0', quantity: '0.2000' },
        { price: '92.5', quantity: '0.2000' },
        { price: '90.0', quantity: '0.2000' },
      ],
    });
  });

  it('gives the odd steps of an even split to the earlier orders', () => {
    const legs = quantities(range({ count: '7', totalQuantity: '1.0007' }));
    expect(legs).toEqual(['0.1430', '0.1430', '0.1430', '0.1430', '0.1429', '0.1429', '0.1429']);
    expect(sum(legs).eq('1.0007')).toBe(true);
  });

  it('weights 1..n towards the end, handing the remainder to the largest fractions', () => {
    // 10007 steps over weights 1..7 (sum 28): floors 357 714 1072 1429 1786 2144 2501 leave 4,
    // which go to the fractions 27/28 (5th), 22/28 (2nd), 21/28 (7th), 16/28 (4th).
    const legs = quantities(range({ count: '7', totalQuantity: '1.0007', distribution: 'more-at-end' }));
    expect(legs).toEqual(['0.0357', '0.0715', '0.1072', '0.1430', '0.1787', '0.2144', '0.2502']);
    expect(sum(legs).eq('1.0007')).toBe(true);
  });

  it('weights n..1 towards the start', () => {
    const legs = quantities(range({ count: '7', totalQuantity: '1.0007', distribution: 'more-at-start' }));
    expect(legs).toEqual(['0.2502', '0.2144', '0.1787', '0.1430', '0.1072', '0.0715', '0.0357']);
    expect(sum(legs).eq('1.0007')).toBe(true);
  });

  it('breaks equal fractions for the heavier weight, then the earlier order', () => {
    // 9 over weights 1,2,3: shares 1.5, 3, 4.5; the half goes to the heavier of the two.
    expect(splitUnits(9n, [1, 2, 3])).toEqual([1n, 3n, 5n]);
    expect(splitUnits(9n, [3, 2, 1])).toEqual([5n, 3n, 1n]);
    expect(splitUnits(5n, [1, 1, 1])).toEqual([2n, 2n, 1n]);
  });

  it('keeps at least one step in every order when a weighted total is small', () => {
    // Shares 0.4, 0.8, 1.2, 1.6 would leave the first order empty.
    expect(splitUnits(4n, [1, 2, 3, 4])).toEqual([1n, 1n, 1n, 1n]);
    // Shares 1/3 .. 5/3 leave the first order empty; the fullest (heaviest) order gives it a step.
    expect(splitUnits(5n, [1, 2, 3, 4, 5])).toEqual([1n, 1n, 1n, 1n, 1n]);
    expect(splitUnits(4n, [4, 3, 2, 1])).toEqual([1n, 1n, 1n, 1n]);
    expect(splitUnits(9n, [1, 2, 3, 4, 5])).toEqual([1n, 1n, 2n, 2n, 3n]);
    expect(quantities(range({ count: '3', totalQuantity: '0.0003', distribution: 'more-at-end' }))).toEqual([
      '0.0001',
      '0.0001',
      '0.0001',
    ]);
  });

  it('writes whole quantities without decimals when the step is 1', () => {
    expect(quantities(range({ count: '3', totalQuantity: '10' }), { ...btc, quantityDecimals: 0 })).toEqual(['4', '3', '3']);
  });
});

describe('ladder prices', () => {
  it('includes both ends of a range and rounds the prices between to the nearest tick', () => {
    expect(prices(range({ fromPrice: '100', toPrice: '99', count: '4' }))).toEqual(['100.0', '99.7', '99.3', '99.0']);
    expect(prices(range({ fromPrice: '100', toPrice: '100.5', count: '3' }))).toEqual(['100.0', '100.3', '100.5']);
  });

  it('rounds the ends of a range to the tick, halves up', () => {
    expect(prices(range({ fromPrice: '100.04', toPrice: '99.05', count: '2' }))).toEqual(['100.0', '99.1']);
  });

  it('uses whole prices when the tick is 1', () => {
    expect(prices(range({ fromPrice: '10', toPrice: '20', count: '4' }), { ...btc, priceDecimals: 0 })).toEqual([
      '10',
      '13',
      '17',
      '20',
    ]);
  });

  it('steps a buy ladder down and a sell ladder up from the start, each price on the tick', () => {
    expect(prices(steps({ side: 'BUY', stepPrice: '0.25', count: '4' }))).toEqual(['100.0', '99.8', '99.5', '99.3']);
    expect(prices(steps({ side: 'SELL', stepPrice: '0.25', count: '4' }))).toEqual(['100.0', '100.3', '100.5', '100.8']);
  });

  it('ignores the step fields in range mode and the range fields in step mode', () => {
    expect(buildLadder(range({ startPrice: 'x', stepPrice: '-1' }), btc).errors).toEqual({});
    expect(buildLadder(steps({ fromPrice: 'x', toPrice: '0' }), btc).errors).toEqual({});
  });
});

describe('ladder errors', () => {
  const errorsOf = (input: LadderInput) => {
    const ladder = buildLadder(input, btc);
    expect(ladder.legs).toEqual([]);
    return ladder.errors;
  };

  it.each([
    ['', 'Enter how many orders'],
    ['abc', 'Enter a whole number of orders from 2 to 50'],
    ['1', 'Enter a whole number of orders from 2 to 50'],
    ['51', 'Enter a whole number of orders from 2 to 50'],
    ['2.5', 'Enter a whole number of orders from 2 to 50'],
    ['-3', 'Enter a whole number of orders from 2 to 50'],
  ])('count %j', (count, message) => {
    expect(errorsOf(range({ count }))).toEqual({ count: message });
  });

  it('accepts 2 and 50 orders', () => {
    expect(buildLadder(range({ count: '2' }), btc).legs).toHaveLength(2);
    expect(buildLadder(range({ count: '50', totalQuantity: '0.005' }), btc).legs).toHaveLength(50);
  });

  it.each([
    ['', 'Enter a price'],
    ['abc', 'Enter a positive price, like 100012.5'],
    ['-100', 'Enter a positive price, like 100012.5'],
    ['0', 'Enter a positive price, like 100012.5'],
    ['1e5', 'Enter a positive price, like 100012.5'],
    ['0.04', 'Rounds to 0 at the tick 0.1'],
  ])('range ends %j', (price, message) => {
    expect(errorsOf(range({ fromPrice: price }))).toEqual({ fromPrice: message });
    expect(errorsOf(range({ toPrice: price }))).toEqual({ toPrice: message });
    expect(errorsOf(steps({ startPrice: price }))).toEqual({ startPrice: message });
  });

  it('says when a range is too narrow for that many orders at the tick', () => {
    // 100.0, 100.07, 100.13, 100.2 round to 100.0, 100.1, 100.1, 100.2.
    expect(errorsOf(range({ fromPrice: '100', toPrice: '100.2', count: '4' }))).toEqual({
      count: 'The range is too narrow for 4 orders at the tick 0.1',
    });
    expect(errorsOf(range({ fromPrice: '100', toPrice: '100.04', count: '2' }))).toEqual({
      count: 'The range is too narrow for 2 orders at the tick 0.1',
    });
    expect(buildLadder(range({ fromPrice: '100', toPrice: '100.3', count: '4' }), btc).errors).toEqual({});
  });

  it.each([
    ['', 'Enter a step'],
    ['abc', 'Enter a positive step, like 0.5'],
    ['0', 'Enter a positive step, like 0.5'],
    ['-0.5', 'Enter a positive step, like 0.5'],
  ])('step %j', (stepPrice, message) => {
    expect(errorsOf(steps({ stepPrice }))).toEqual({ stepPrice: message });
  });

  it('says when the step is too small for the tick', () => {
    expect(errorsOf(steps({ stepPrice: '0.04' }))).toEqual({
      stepPrice: 'The step 0.04 is too small for the tick 0.1: two orders would share a price',
    });
  });

  it('says which buy order would reach zero', () => {
    expect(errorsOf(steps({ startPrice: '10', stepPrice: '2.5' }))).toEqual({
      stepPrice: 'Order 5 would be priced at 0 or below: use a smaller step or fewer orders',
    });
    expect(errorsOf(steps({ startPrice: '10', stepPrice: '3' }))).toEqual({
      stepPrice: 'Order 5 would be priced at 0 or below: use a smaller step or fewer orders',
    });
    expect(buildLadder(steps({ side: 'SELL', startPrice: '10', stepPrice: '3' }), btc).errors).toEqual({});
  });

  it.each([
    ['', 'Enter the total quantity'],
    ['abc', 'Enter a positive quantity, like 0.5'],
    ['0', 'Enter a positive quantity, like 0.5'],
    ['-1', 'Enter a positive quantity, like 0.5'],
    ['0.00015', 'Use a multiple of the step 0.0001'],
    ['0.0004', 'Too small for 5 orders: each needs at least 0.0001, so 0.0005 in all'],
  ])('total quantity %j', (totalQuantity, message) => {
    expect(errorsOf(range({ totalQuantity }))).toEqual({ totalQuantity: message });
  });

  it('reports every field that is wrong at once', () => {
    expect(Object.keys(errorsOf(range({ fromPrice: '', toPrice: 'x', count: '0', totalQuantity: '' })))).toEqual([
      'count',
      'fromPrice',
      'toPrice',
      'totalQuantity',
    ]);
  });
});

describe('ladder properties', () => {
  /** A price `units` ticks high, written with an extra digit 4 that rounding must drop. */
  const typed = (units: number, decimals: number, noise: boolean) => {
    const text = new Big(units).times(stepOf(decimals)).toFixed(decimals);
    return noise ? `${text}${decimals === 0 ? '.' : ''}4` : text;
  };

  const common = fc.record({
    priceDecimals: fc.integer({ min: 0, max: 6 }),
    quantityDecimals: fc.integer({ min: 0, max: 8 }),
    count: fc.integer({ min: 2, max: 50 }),
    extraUnits: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    side: fc.constantFrom('BUY' as const, 'SELL' as const),
    distribution: fc.constantFrom('even' as const, 'more-at-start' as const, 'more-at-end' as const),
    noise: fc.boolean(),
  });

  const validInput = common.chain((base) =>
    fc
      .record({
        mode: fc.constantFrom('range' as const, 'step' as const),
        low: fc.integer({ min: 1, max: 10_000_000 }),
        gapPerOrder: fc.integer({ min: 1, max: 1000 }),
        gapRest: fc.integer({ min: 0, max: 1000 }),
        descending: fc.boolean(),
        stepTenths: fc.integer({ min: 10, max: 500 }),
      })
      .map((shape) => {
        const span = shape.gapPerOrder * (base.count - 1) + shape.gapRest;
        const [from, to] = shape.descending ? [shape.low + span, shape.low] : [shape.low, shape.low + span];
        // A buy ladder must stay above zero: start high enough for count steps of at most 50 ticks.
        const start = shape.low + 50 * base.count;
        const step = new Big(shape.stepTenths).div(10).times(stepOf(base.priceDecimals));
        const units = BigInt(base.count) + base.extraUnits;
        const input: LadderInput = {
          side: base.side,
          mode: shape.mode,
          fromPrice: typed(from, base.priceDecimals, base.noise),
          toPrice: typed(to, base.priceDecimals, base.noise),
          startPrice: typed(start, base.priceDecimals, base.noise),
          stepPrice: step.toFixed(),
          count: String(base.count),
          totalQuantity: new Big(units.toString()).times(stepOf(base.quantityDecimals)).toFixed(),
          distribution: base.distribution,
        };
        const market: MarketContext = {
          symbol: 'PERP_X_USDC',
          mark_price: 1,
          priceDecimals: base.priceDecimals,
          quantityDecimals: base.quantityDecimals,
        };
        return { input, market, descending: shape.mode === 'step' ? base.side === 'BUY' : shape.descending };
      }),
  );

  it('always splits the exact total into count legs on tick and step, in the right direction', () => {
    fc.assert(
      fc.property(validInput, ({ input, market, descending }) => {
        const { errors, legs } = buildLadder(input, market);
        expect(errors).toEqual({});
        expect(legs).toHaveLength(Number(input.count));
        const tick = stepOf(market.priceDecimals);
        const step = stepOf(market.quantityDecimals);
        expect(sum(legs.map((leg) => leg.quantity)).eq(input.totalQuantity)).toBe(true);
        legs.forEach((leg, i) => {
          expect(new Big(leg.quantity).gte(step)).toBe(true);
          expect(isMultipleOf(new Big(leg.quantity), step)).toBe(true);
          expect(new Big(leg.price).gt(0)).toBe(true);
          expect(isMultipleOf(new Big(leg.price), tick)).toBe(true);
          const previous = legs[i - 1];
          if (previous) expect(new Big(leg.price).cmp(previous.price)).toBe(descending ? -1 : 1);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('keeps a weighted split in order once every weight gets a full share', () => {
    fc.assert(
      fc.property(validInput, ({ input, market }) => {
        const count = Number(input.count);
        const units = new Big(input.totalQuantity).div(stepOf(market.quantityDecimals));
        fc.pre(input.distribution !== 'even' && units.gte((count * (count + 1)) / 2));
        const legs = buildLadder(input, market).legs.map((leg) => new Big(leg.quantity));
        const heavierLater = input.distribution === 'more-at-end';
        legs.forEach((leg, i) => {
          const previous = legs[i - 1];
          if (previous) expect(heavierLater ? leg.gte(previous) : leg.lte(previous)).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('keeps an even split within one step', () => {
    fc.assert(
      fc.property(validInput, ({ input, market }) => {
        const legs = buildLadder({ ...input, distribution: 'even' }, market).legs.map((leg) => new Big(leg.quantity));
        const spread = legs.reduce((max, leg) => (leg.gt(max) ? leg : max)).minus(legs.reduce((min, leg) => (leg.lt(min) ? leg : min)));
        expect(spread.lte(stepOf(market.quantityDecimals))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives either legs or errors, never both, for any typed text', () => {
    const text = fc.oneof(fc.constantFrom('', '0', '1', '2', '50', '100.05', '-1', '1e3', 'abc'), fc.string({ maxLength: 6 }));
    const anyInput = fc.record({
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      mode: fc.constantFrom('range' as const, 'step' as const),
      fromPrice: text,
      toPrice: text,
      startPrice: text,
      stepPrice: text,
      count: text,
      totalQuantity: text,
      distribution: fc.constantFrom('even' as const, 'more-at-start' as const, 'more-at-end' as const),
    });
    fc.assert(
      fc.property(anyInput, (input) => {
        const { errors, legs } = buildLadder(input, btc);
        expect(Object.keys(errors).length > 0).toBe(legs.length === 0);
        if (legs.length > 0) expect(sum(legs.map((leg) => leg.quantity)).eq(input.totalQuantity.trim())).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
