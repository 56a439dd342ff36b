import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useGridRowHeight } from '@/terminal/shared/ui/grid/rowHeight';

const root = document.documentElement;
function density(name: string, px: number) {
  root.setAttribute('data-density', name);
  root.style.setProperty('--grid-row-height', `${px}px`);
}
afterEach(() => {
  root.removeAttribute('data-density');
  root.style.removeProperty('--grid-row-height');
});

describe('the grid row height', () => {
  it('follows a density changed while no grid was on screen', () => {
    density('comfortable', 28);
    const first = renderHook(() => useGridRowHeight());
    expect(first.result.current).toBe(28);
    first.unmount();
    density('compact', 22);
    expect(renderHook(() => useGridRowHeight()).result.current).toBe(22);
  });
});
