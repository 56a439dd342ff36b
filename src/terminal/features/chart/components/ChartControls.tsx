import { tapeResolutionNames, type TapeResolution } from '@/interface';
import { Segmented } from '@/terminal/shared/ui/Segmented';
import { useChartActions, useChartResolution, useShowBasis } from '../store';

const resolutionOptions = tapeResolutionNames.map((value) => ({ value, label: value }));

/** The resolution (a radio group: one tab stop, arrows choose) and the basis line's toggle. */
export function ChartControls() {
  const resolution = useChartResolution();
  const showBasis = useShowBasis();
  const actions = useChartActions();
  return (
    <div className="chart__controls">
      <Segmented<TapeResolution> label="Resolution" value={resolution} options={resolutionOptions} onChange={actions.setResolution} />
      <label className="chart__toggle" title="Mark − index, in % of index, on the left scale">
        <input type="checkbox" checked={showBasis} onChange={(event) => actions.setShowBasis(event.target.checked)} />
        Basis
      </label>
    </div>
  );
}
