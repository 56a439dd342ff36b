import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { heldOrderSchema, type HeldOrder } from '@/interface';
import { chartColours } from '@/terminal/features/chart/model/colours';
import { draggedPrice, moveQuestion, nudgedPrice, priceAtY, tickText, yAtPrice } from '@/terminal/features/chart/model/heldDrag';
import { heldColourOf, heldLines, heldMarkers } from '@/terminal/features/chart/model/heldLines';

const BTC = 'PERP_BTC_USDC';
const MINUTE = 60_000;
const T0 = 1_700_000_040_000; // a whole minute

/** A held order as GET /api/held-orders answers it (checked against the interface's schema). */
function held(fields: Partial<HeldOrder>): HeldOrder {
  return heldOrderSchema.parse({
    id: 'h1', type: 'STOP_MARKET', state: 'armed', symbol: BTC, side: 'SELL', order_quantity: 0.5,
    trigger_price: 61_200, order_price: null, trailing_distance: null, trailing_percent: null, best_mark: null,
    oco_with: null, client_ref: null, client_order_ids: [], fired_mark: null, fired_at: null, created_at: T0,
    updated_at: T0, reason: null, last_order_status: null, mark: 62_000, mark_age_ms: 50,
    waiting_for_fresh_price: false, entry: null, twap: null, ...fields,
  });
}

const twap = {
  duration_ms: 600_000, slice_ms: 60_000, max_slippage_percent: null, price_limit: 63_000, randomize_percent: null,
  started_at: T0, ends_at: T0 + 600_000, next_slice_at: T0 + 60_000, slices_total: 10, slices_sent: 0,
  slices_accepted: 0, slices_rejected: 0, slices_skipped: 0, slices_missed: 0, quantity_sent: 0, quantity_accepted: 0,
};

describe('held orders on the chart: lines', () => {
  it('draws each armed or paused order of the market at its trigger, labelled with its kind, side and quantity', () => {
    const lines = heldLines(
      [
        held({ id: 'sl' }),
        held({ id: 'tp', type: 'TAKE_PROFIT_MARKET', trigger_price: 64_000, state: 'paused' }),
        held({ id: 'trail', type: 'TRAILING_STOP', trigger_price: 61_900.5, trailing_distance: 100, side: 'SELL' }),
        held({ id: 'other', symbol: 'PERP_ETH_USDC' }),
        held({ id: 'gone', state: 'cancelled' }),
        held({ id: 'done', state: 'fired', fired_at: T0, fired_mark: 61_100 }),
        held({ id: 'later', state: 'awaiting_entry' }),
      ],
      BTC,
    );
    expect(lines.map(({ id, kind, price, title, style, movable }) => ({ id, kind, price, title, style, movable }))).toEqual([
      { id: 'held:sl', kind: 'stop', price: 61_200, title: 'SL SELL 0.5', style: 'solid', movable: true },
      { id: 'held:tp', kind: 'take-profit', price: 64_000, title: 'TP SELL 0.5 · paused', style: 'dashed', movable: true },
      // A trailing stop at its level now; its distance is edited in the panel, not dragged.
      { id: 'held:trail', kind: 'trailing', price: 61_900.5, title: 'TRAIL SELL 0.5', style: 'solid', movable: false },
    ]);
  });

  it('a limit kind shows its limit price faintly, and a TWAP only its price limit, dashed', () => {
    const lines = heldLines(
      [
        held({ id: 'sl', type: 'STOP_LIMIT', order_price: 61_000, side: 'BUY', trigger_price: 63_500 }),
        held({ id: 'tw', type: 'TWAP', trigger_price: null, twap }),
        held({ id: 'tw2', type: 'TWAP', trigger_price: null, twap: { ...twap, price_limit: null } }),
      ],
      BTC,
    );
    expect(lines.map(({ id, part, price, label, style }) => ({ id, part, price, label, style }))).toEqual([
      { id: 'held:sl', part: 'trigger', price: 63_500, label: 'SL BUY 0.5', style: 'solid' },
      { id: 'held-limit:sl', part: 'limit', price: 61_000, label: 'SL limit', style: 'dotted' },
      { id: 'held-limit:tw', part: 'limit', price: 63_000, label: 'TWAP limit', style: 'dashed' },
    ]);
  });

  it('an order judged on a stale mark is dashed and dimmed, and its title says it waits for a fresh price', () => {
    const [line] = heldLines([held({ waiting_for_fresh_price: true })], BTC);
    expect(line).toMatchObject({ style: 'dashed', dimmed: true, title: 'SL SELL 0.5 · waiting for a fresh price' });
  });

  it("on a desk, another trader's order is drawn but not movable: only its placer changes it", () => {
    const orders = [held({ id: 'a', placed_by: 'alice' }), held({ id: 'c', placed_by: 'carl' }), held({ id: 'n', placed_by: null }), held({ id: 't', placed_by: 'terminal' })];
    // Placed before the desk named people (by the token's terminal): anyone's of the account.
    expect(heldLines(orders, BTC, 'carl').map((line) => [line.orderId, line.movable])).toEqual([['a', false], ['c', true], ['n', true], ['t', true]]);
    // Alone (no desk), every order is the trader's.
    expect(heldLines(orders, BTC).every((line) => line.movable)).toBe(true);
  });

  it('a trailing stop without a mark yet has no level and draws nothing', () => {
    expect(heldLines([held({ type: 'TRAILING_STOP', trigger_price: null, trailing_percent: 1 })], BTC)).toEqual([]);
  });

  it('each kind has its own colour token, which every theme defines', () => {
    const colours = chartColours((token) => `value-of${token}`);
    expect(colours[heldColourOf.stop]).toBe('value-of--color-held-stop');
    expect(colours[heldColourOf['take-profit']]).toBe('value-of--color-held-take-profit');
    expect(colours[heldColourOf.trailing]).toBe('value-of--color-held-trailing');
    const theme = readFileSync(resolve(import.meta.dirname, '../../src/terminal/shared/theme/tokens.css'), 'utf8');
    for (const block of [":root {", ":root[data-theme='light'] {", ":root[data-theme='contrast'] {"]) {
      // The rule itself: the file's header comment quotes a theme's selector too.
      const at = theme.lastIndexOf(`\n${block}`);
      const body = theme.slice(at, theme.indexOf('}', at));
      for (const token of ['--color-held-stop', '--color-held-take-profit', '--color-held-trailing']) expect(body, `${block} ${token}`).toContain(`${token}:`);
    }
  });
});

describe('held orders on the chart: fired markers', () => {
  it('marks each fired order of the market on the candle of its fired_at, at its fired_mark, oldest first', () => {
    const markers = heldMarkers(
      [
        held({ id: 'b', state: 'fired', fired_at: T0 + 3 * MINUTE + 15_000, fired_mark: 61_150 }),
        held({ id: 'a', type: 'TAKE_PROFIT_LIMIT', order_price: 64_100, side: 'BUY', state: 'fired', fired_at: T0 + 30_000, fired_mark: 64_010 }),
        held({ id: 'armed' }),
        held({ id: 'eth', symbol: 'PERP_ETH_USDC', state: 'fired', fired_at: T0, fired_mark: 3000 }),
      ],
      BTC,
      MINUTE,
    );
    expect(markers).toEqual([
      { id: 'fired:a', time: T0 / 1000, price: 64_010, kind: 'take-profit', side: 'BUY', text: 'TP fired' },
      { id: 'fired:b', time: (T0 + 3 * MINUTE) / 1000, price: 61_150, kind: 'stop', side: 'SELL', text: 'SL fired' },
    ]);
  });
});

describe('held orders on the chart: moving a trigger', () => {
  const scale = { height: 400, range: { low: 60_000, high: 64_000 } };

  it('a price and its height are each other’s inverse on the pane', () => {
    expect(yAtPrice(62_000, scale)).toBe(200);
    expect(priceAtY(100, scale)).toBe(63_000);
    expect(yAtPrice(65_000, scale)).toBeLessThan(0);
  });

  it('a drag proposes the price under the pointer, snapped to the tick as exact text', () => {
    // 61,234.56789… at one decimal: 61,234.6, never a float's tail.
    expect(draggedPrice(yAtPrice(61_234.56789, scale), scale, 1)).toBe('61234.6');
    expect(draggedPrice(yAtPrice(61_234.56789, scale), scale, 0)).toBe('61235');
    // Dragged below zero on a pane that shows it: nothing to propose.
    expect(draggedPrice(390, { height: 400, range: { low: -10, high: 390 } }, 1)).toBeUndefined();
    expect(draggedPrice(10, { height: 0, range: scale.range }, 1)).toBeUndefined();
  });

  it('the arrow keys move it one tick at a time, never to zero', () => {
    expect(nudgedPrice('61200.0', 1, 1)).toBe('61200.1');
    expect(nudgedPrice('61200.0', -1, 1)).toBe('61199.9');
    expect(nudgedPrice('0.0001', -1, 4)).toBeUndefined();
    expect(nudgedPrice(tickText(0.1 + 0.2, 2), 1, 2)).toBe('0.31');
  });

  it('asks in words before it sends: "Move stop trigger 61,200.0 → 61,050.0?"', () => {
    expect(moveQuestion('stop', 61_200, '61050.0', 1)).toBe('Move stop trigger 61,200.0 → 61,050.0?');
    expect(moveQuestion('take-profit', 64_000, '64100.5', 1)).toBe('Move take-profit trigger 64,000.0 → 64,100.5?');
  });
});
