import { LineStyle, type IPriceLine, type ISeriesApi } from 'lightweight-charts';
import type { ChartColours } from '../model/colours';
import { diffLines, type ChartPriceLine } from '../model/priceLines';

/** The service's orders (and the ticket's draft) as price lines on the candles; a line whose price, side and title stay is left alone. */
export class OrderLines {
  private readonly lines = new Map<string, { line: ChartPriceLine; handle: IPriceLine }>();

  constructor(
    private readonly candles: ISeriesApi<'Candlestick'>,
    private colours: ChartColours,
  ) {}

  set(wanted: readonly ChartPriceLine[]): void {
    const drawn = new Map([...this.lines].map(([id, entry]) => [id, entry.line]));
    const { removed, added } = diffLines(drawn, wanted);
    for (const id of removed) {
      const entry = this.lines.get(id);
      if (entry) this.candles.removePriceLine(entry.handle);
      this.lines.delete(id);
    }
    for (const line of added) {
      const handle = this.candles.createPriceLine({
        id: line.id,
        price: line.price,
        color: this.colourOf(line),
        lineWidth: 1,
        lineStyle: line.source === 'draft' ? LineStyle.Dashed : LineStyle.Solid,
        axisLabelVisible: true,
        title: line.title,
      });
      this.lines.set(line.id, { line, handle });
    }
  }

  setColours(colours: ChartColours): void {
    this.colours = colours;
    for (const { line, handle } of this.lines.values()) handle.applyOptions({ color: this.colourOf(line) });
  }

  private colourOf(line: ChartPriceLine): string {
    return line.side === 'BUY' ? this.colours.up : this.colours.down;
  }
}
