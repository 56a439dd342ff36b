import { CrosshairMode } from 'lightweight-charts';
import { t } from '@lingui/core/macro';
import type { ChartColours } from '../model/colours';
import { formatCompact, formatFixed, formatPercent } from '@/terminal/shared/format/number';
import { localeFormats } from '@/terminal/shared/format/locale';

/*
 * The scales and labels write figures as the grid does, in the trader's language (the library's
 * own formats are English): each formatter reads the language when it is called.
 */
/** Texts a formatter keeps: a scale's labels come back with every redraw. */
const REMEMBERED = 256;

/**
 * `format`, remembering what it wrote until the language changes: the library asks again for
 * every label of every scale on each redraw (on each poll), mostly for the same values.
 */
export function remembered(format: (value: number) => string): (value: number) => string {
  let language = localeFormats();
  const texts = new Map<number, string>();
  return (value) => {
    if (localeFormats() !== language) {
      language = localeFormats();
      texts.clear();
    }
    let text = texts.get(value);
    if (text === undefined) {
      text = format(value);
      if (texts.size >= REMEMBERED) texts.clear();
      texts.set(value, text);
    }
    return text;
  };
}

/** Percent with fixed decimals (the library's own percent format rounds to 2); values are in percent. */
export const percentFormat = (decimals: number) => ({
  type: 'custom' as const,
  minMove: Number(`1e-${decimals}`),
  formatter: remembered((value: number) => formatPercent(value / 100, decimals, false)),
});

export const priceFormatOf = (decimals: number) => ({
  type: 'custom' as const,
  minMove: Number(`1e-${decimals}`),
  formatter: remembered((value: number) => formatFixed(value, decimals)),
});

/*
 * Always two decimals (20.00K, never 20K beside 19.99K): a label that changes width as the amount
 * moves makes the library lay the whole chart out again, a full redraw and one more frame.
 */
export const amountFormat = { type: 'custom' as const, minMove: 0.0001, formatter: remembered((value: number) => formatCompact(value, true)) };

/** Every chart option that comes from the theme, so a theme change applies them again. */
export const paletteOptions = (colours: ChartColours) => ({
  layout: {
    background: { color: colours.background },
    textColor: colours.text,
    fontFamily: colours.font,
    panes: { separatorColor: colours.grid, separatorHoverColor: colours.grid },
  },
  grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
  crosshair: { mode: CrosshairMode.Normal, vertLine: { color: colours.crosshair }, horzLine: { color: colours.crosshair } },
  rightPriceScale: { borderColor: colours.grid },
  leftPriceScale: { borderColor: colours.grid },
  timeScale: { borderColor: colours.grid },
});

/** The series' names on the price scales, in the active language. */
export const seriesTitles = () => ({
  candles: t({ message: 'mark', context: 'chart series: the mark price' }),
  index: t({ message: 'index', context: 'chart series: the index price' }),
  basis: t({ message: 'basis %', context: 'chart series: mark minus index, in % of the index' }),
  funding: t({ message: 'funding', context: 'chart series: the estimated funding rate' }),
  openInterest: t({ message: 'open interest', context: 'chart series' }),
});

export const candleColours = ({ up, down }: ChartColours) => ({
  upColor: up, downColor: down, borderUpColor: up, borderDownColor: down, wickUpColor: up, wickDownColor: down,
});
