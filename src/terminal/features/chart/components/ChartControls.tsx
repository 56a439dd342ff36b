import { tapeResolutionNames, type TapeResolution } from '@/interface';
import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Segmented } from '@/terminal/shared/ui/Segmented';
import { useChartActions, useChartResolution, useShowBasis } from '../store';

// The resolutions' names ("1m", "1h") are the tape's codes, the same in every language.
const resolutionOptions = tapeResolutionNames.map((value) => ({ value, label: value }));

/** The resolution (a radio group: one tab stop, arrows choose) and the basis line's toggle. */
export function ChartControls() {
  useLocale();
  const resolution = useChartResolution();
  const showBasis = useShowBasis();
  const actions = useChartActions();
  return (
    <div className="chart__controls">
      <Segmented<TapeResolution> label={t({ message: 'Resolution', context: 'chart: the length of one candle' })} value={resolution} options={resolutionOptions} onChange={actions.setResolution} />
      <label className="chart__toggle" title={t`Mark − index, in % of index, on the left scale`}>
        <input type="checkbox" checked={showBasis} onChange={(event) => actions.setShowBasis(event.target.checked)} />
        {t({ message: 'Basis', context: 'mark price minus index price, in % of the index' })}
      </label>
    </div>
  );
}
