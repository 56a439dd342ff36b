import { formatCompact, formatFixed, formatPercent } from '../../../shared/format/number';
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

export type PickPrice = (symbol: string, price: number, decimals: number) => void;

export function PriceCell({
  value,
  decimals,
  tick,
  symbol,
  pick,
}: {
  value: number;
  decimals: number;
  tick?: MarketRow['markTick'];
  symbol: string;
  pick?: PickPrice;
}) {
  const text = formatFixed(value, decimals);
  // A changed price is tinted up or down until the next poll: no animation to run every frame,
  // and a price that did not change loses its tint, so the tint always means "just moved".
  const content = <span className={tick ? `num tick tick--${tick}` : 'num'}>{text}</span>;
  if (!pick) return content;
  return (
    <button
      type="button"
      className="price-pick"
      tabIndex={-1}
      title={`Limit order at ${text}`}
      onClick={(event) => {
        event.stopPropagation();
        pick(symbol, value, decimals);
      }}
    >
      {content}
    </button>
  );
}

export function ChangeCell({ ratio }: { ratio: number | null }) {
  const tone = ratio === null || ratio === 0 ? '' : ratio > 0 ? 'up' : 'down';
  return <span className={`num ${tone}`}>{formatPercent(ratio)}</span>;
}

export function FundingCell({ row }: { row: MarketRow }) {
  const tone = row.est_funding_rate > 0 ? 'up' : row.est_funding_rate < 0 ? 'down' : '';
  return (
    <span
      className={`num ${tone}`}
      title={`${formatPercent(row.est_funding_rate, 4)} per 8 h · ${formatPercent(row.fundingAnnualised, 2)} a year`}
    >
      {formatPercent(row.est_funding_rate, 4)}
    </span>
  );
}

export function RateCell({ rate }: { rate: number }) {
  const tone = rate > 0 ? 'up' : rate < 0 ? 'down' : '';
  return <span className={`num ${tone}`}>{formatPercent(rate, 4)}</span>;
}

export function CountdownCell({ at }: { at: number }) {
  const now = useNow();
  return <span className="num muted">{formatCountdown(at - now)}</span>;
}

export function CompactCell({ value }: { value: number }) {
  return (
    <span className="num" title={value.toLocaleString('en-US')}>
      {formatCompact(value)}
    </span>
  );
}
