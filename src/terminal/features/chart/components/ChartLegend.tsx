import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { legendItems, type LegendValues } from '../model/legend';
import { useLatest, type Latest } from './latest';

interface ChartLegendProps {
  legend: Latest<LegendValues | undefined>;
  priceDecimals: number;
  quantityDecimals: number;
}

/** The values under the crosshair (the last slot's while the pointer is off the chart): the only view a poll renders. */
export function ChartLegend({ legend, priceDecimals, quantityDecimals }: ChartLegendProps) {
  useLocale();
  const items = legendItems(useLatest(legend), priceDecimals, quantityDecimals);
  return (
    <dl className="chart__legend" aria-label={t`Values under the crosshair`}>
      {items.map((item) => (
        <div key={item.label} className="chart__legend-item">
          <dt>{item.label}</dt>
          <dd className="num">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
