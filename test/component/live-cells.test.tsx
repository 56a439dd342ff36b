import { describe, expect, it } from 'vitest';
import type { GridColumn } from '@/terminal/shared/ui/grid/columns';
import { LiveCells } from '@/terminal/shared/ui/grid/liveCells';

const mark: GridColumn<{ price: string }> = { id: 'mark', title: 'Mark', width: 90, text: (row) => row.price };
const columns = [mark] as unknown as readonly GridColumn<object>[];

describe('live cells', () => {
  it('a cell attached again keeps one text node, and an old cleanup does not forget a newer cell', () => {
    const live = new LiveCells();
    const td = document.createElement('td');
    const forgetFirst = live.attach('BTC', 'mark', td);
    live.write('BTC', columns, { price: '1.0' });
    forgetFirst();
    live.attach('BTC', 'mark', td);
    live.write('BTC', columns, { price: '2.0' });
    expect(td.childNodes).toHaveLength(1);
    expect(td.textContent).toBe('2.0');

    const newer = document.createElement('td');
    const forgetOld = live.attach('ETH', 'mark', document.createElement('td'));
    live.attach('ETH', 'mark', newer);
    forgetOld();
    live.write('ETH', columns, { price: '3.0' });
    expect(newer.textContent).toBe('3.0');
  });
});
