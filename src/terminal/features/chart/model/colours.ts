/**
 * The chart's colours. A canvas cannot read `var(--…)`, so the design tokens are read once from
 * the page's computed style when the chart is made (a theme is still only tokens.css).
 */
export interface ChartColours {
  text: string;
  grid: string;
  background: string;
  crosshair: string;
  up: string;
  down: string;
  index: string;
  basis: string;
  funding: string;
  openInterest: string;
  heldStop: string;
  heldTakeProfit: string;
  heldTrailing: string;
  heldTwap: string;
  font: string;
}

export const chartTokens: Record<keyof ChartColours, string> = {
  text: '--color-text-muted',
  grid: '--color-border-subtle',
  background: '--color-surface-panel',
  crosshair: '--color-text-faint',
  up: '--color-up',
  down: '--color-down',
  index: '--color-chart-index',
  basis: '--color-chart-basis',
  funding: '--color-chart-funding',
  openInterest: '--color-chart-open-interest',
  heldStop: '--color-held-stop',
  heldTakeProfit: '--color-held-take-profit',
  heldTrailing: '--color-held-trailing',
  heldTwap: '--color-held-twap',
  font: '--font-family-sans',
};

/** Each colour from its token; `read` gives a custom property's value ('' when the theme lacks it). */
export function chartColours(read: (token: string) => string): ChartColours {
  const entries = Object.entries(chartTokens).map(([key, token]) => {
    const value = read(token).trim();
    if (value === '') throw new Error(`the theme does not define ${token}, which the chart draws with`);
    return [key, value];
  });
  return Object.fromEntries(entries) as ChartColours;
}

/**
 * The colours as the element sees them. A panel not on screen (the phone shows one at a time) is
 * out of the document, where no style applies: then the page's own tokens are read.
 */
export function readChartColours(element: Element): ChartColours {
  const style = getComputedStyle(element.isConnected ? element : document.documentElement);
  return chartColours((token) => style.getPropertyValue(token));
}
