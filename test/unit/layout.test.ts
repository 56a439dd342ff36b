import { describe, expect, it } from 'vitest';
import { defaultLayout, mergeLayout, moveColumn } from '@/terminal/shared/ui/grid/layout';

const columns = [
  { id: 'a', width: 10 },
  { id: 'b', width: 10 },
  { id: 'c', width: 10 },
  { id: 'd', width: 10, hiddenByDefault: true },
];

describe('table layout', () => {
  it('starts from the columns as they come', () => {
    expect(defaultLayout(columns, { id: 'a', desc: true })).toEqual({ order: ['a', 'b', 'c', 'd'], hidden: ['d'], widths: {}, sort: { id: 'a', desc: true } });
  });

  it('keeps the saved arrangement and merges in columns a config added or removed', () => {
    const saved = { order: ['c', 'x', 'a', 'b'], hidden: ['b', 'x'], widths: { a: 99, x: 50 }, sort: { id: 'x', desc: false } };
    const merged = mergeLayout(saved, [...columns, { id: 'e', width: 10 }], { id: 'a', desc: true });
    // x is gone; d comes after c (the column it follows by default), e after d.
    expect(merged.order).toEqual(['c', 'd', 'e', 'a', 'b']);
    expect(merged.hidden).toEqual(['b', 'd']);
    expect(merged.widths).toEqual({ a: 99 });
    expect(merged.sort).toEqual({ id: 'a', desc: true });
  });

  it('keeps an explicit "no sort", and a new first column goes first', () => {
    const merged = mergeLayout({ order: ['b', 'a'], hidden: [], widths: {}, sort: null }, [{ id: 'z', width: 1 }, ...columns]);
    expect(merged.sort).toBeNull();
    // c follows b by default, d follows c; the trader's b-before-a stays.
    expect(merged.order).toEqual(['z', 'b', 'c', 'd', 'a']);
  });

  it('moves a column before another or by one place', () => {
    expect(moveColumn(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveColumn(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b'], 'x', 1)).toEqual(['a', 'b']);
  });
});
