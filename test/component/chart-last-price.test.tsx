import { describe, expect, it } from 'vitest';
import { LastPriceLabel } from '@/terminal/features/chart/components/lastPriceLabel';

/** A label in a container of its own, laid out 18 px high as the browser would (jsdom lays out nothing). */
function labelIn() {
  const container = document.createElement('div');
  document.body.append(container);
  const label = new LastPriceLabel(container);
  const element = container.querySelector<HTMLElement>('[data-testid="chart-last-price"]')!;
  Object.defineProperty(element, 'offsetHeight', { configurable: true, get: () => 18 });
  return { container, label, element };
}

describe('the last price on the price scale (the page’s label, not the library’s)', () => {
  it('shows the close where the pane puts it, hides off the pane, and shows no other market’s price', () => {
    const { container, label, element } = labelIn();
    expect(element.hidden).toBe(true);
    label.write('100,026.3', 'up');
    label.place(120.4, 300, 64);
    expect(element.hidden).toBe(false);
    expect(element.textContent).toBe('100,026.3');
    expect(element.dataset.tone).toBe('up');
    // Its middle on the close.
    expect(element.style.transform).toBe('translateY(111px)');
    expect(element.style.width).toBe('64px');
    label.write('100,021.9', 'down');
    expect(element.textContent).toBe('100,021.9');
    expect(element.dataset.tone).toBe('down');
    // Scrolled or zoomed so that the close is above or below the pane: no label floats there.
    label.place(-5, 300, 64);
    expect(element.hidden).toBe(true);
    label.place(200, 300, 64);
    expect(element.hidden).toBe(false);
    // Another market with no candle yet: nothing, not the last market's price, until it has one.
    label.clear();
    expect(element.hidden).toBe(true);
    expect(element.textContent).toBe('');
    label.place(200, 300, 64);
    expect(element.hidden).toBe(true);
    label.write('3,512.40', 'up');
    label.place(150, 300, 64);
    expect(element.hidden).toBe(false);
    label.remove();
    expect(container.querySelector('[data-testid="chart-last-price"]')).toBeNull();
  });

  it('stays whole inside the pane when the close is at its top or bottom edge', () => {
    const { label, element } = labelIn();
    label.write('100,026.3', 'up');
    label.place(150, 300, 64);
    expect(element.style.transform).toBe('translateY(141px)');
    label.place(2, 300, 64);
    expect(element.style.transform).toBe('translateY(0px)');
    label.place(299, 300, 64);
    expect(element.style.transform).toBe('translateY(282px)');
    label.remove();
  });
});
