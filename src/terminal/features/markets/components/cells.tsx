import { formatCountdown } from '../../../shared/format/time';
import { useNow } from '../../../shared/useNow';
import type { MarketRow } from '../model/marketRow';

export function SymbolCell({ row }: { row: MarketRow }) {
  return (
    <span className="symbol" title={row.symbol}>
      <span className="symbol__base">{row.base}</span>
      <span className="symbol__quote">{row.quote} perp</span>
    </span>
  );
}

/** Time left until funding, ticking every second; a bare text node in its cell. */
export function Countdown({ at }: { at: number }) {
  const now = useNow();
  return formatCountdown(at - now);
}
