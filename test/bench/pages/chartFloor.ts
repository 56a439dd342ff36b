/**
 * The chart library's own floor: a bare lightweight-charts chart laid out as the terminal's (mark
 * candles and an index line over funding and open interest panes, a day of minutes, the size the
 * bench's chart has), its last candle and lines updated every 250 ms, with none of the terminal's
 * code. The chart section profiles it beside the terminal's chart: what the library alone costs
 * per update on this machine.
 */
import { CandlestickSeries, createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';

const query = new URLSearchParams(location.search);
const width = Number(query.get('width') ?? 1000);
const height = Number(query.get('height') ?? 240);
const container = document.getElementById('chart')!;
container.style.width = `${width}px`;
container.style.height = `${height}px`;

const chart = createChart(container, { autoSize: true, timeScale: { timeVisible: true } });
const candles = chart.addSeries(CandlestickSeries, { title: 'mark' });
const index = chart.addSeries(LineSeries, { lineWidth: 1, title: 'index', lastValueVisible: false });
const funding = chart.addSeries(LineSeries, { lineWidth: 1, title: 'funding' }, 1);
const openInterest = chart.addSeries(LineSeries, { lineWidth: 1, title: 'open interest' }, 2);
chart.panes()[0]?.setStretchFactor(4);

// A seeded walk, so every run draws the same day.
let seed = 7;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const MINUTES = 1440;
const start = Math.floor(Date.now() / 60_000) - MINUTES + 1;
let price = 100_000;
let rate = 0.0001;
let interest = 20_000;
const day = Array.from({ length: MINUTES }, (_, i) => {
  const open = price;
  price += (random() - 0.5) * 40;
  rate += (random() - 0.5) * 0.000002;
  interest *= 1 + (random() - 0.5) * 0.001;
  const time = ((start + i) * 60) as UTCTimestamp;
  return { time, open, high: Math.max(open, price) + random() * 10, low: Math.min(open, price) - random() * 10, close: price, rate, interest };
});
candles.setData(day);
index.setData(day.map(({ time, close }) => ({ time, value: close - 5 })));
funding.setData(day.map(({ time, rate }) => ({ time, value: rate * 100 })));
openInterest.setData(day.map(({ time, interest }) => ({ time, value: interest })));

let last = day[day.length - 1]!;
const updates = { count: 0 };
(window as unknown as { chartUpdates: typeof updates }).chartUpdates = updates;
setInterval(() => {
  price += (random() - 0.5) * 8;
  rate += (random() - 0.5) * 0.000001;
  interest *= 1 + (random() - 0.5) * 0.0004;
  // A new minute's candle every 240 updates (a minute of 250 ms polls), as the terminal's chart opens one.
  if (updates.count % 240 === 239) {
    const time = (last.time + 60) as UTCTimestamp;
    last = { ...last, time, open: last.close, high: Math.max(last.close, price), low: Math.min(last.close, price), close: price };
  } else last = { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
  candles.update(last);
  index.update({ time: last.time, value: price - 5 });
  funding.update({ time: last.time, value: rate * 100 });
  openInterest.update({ time: last.time, value: interest });
  updates.count += 1;
}, 250);
