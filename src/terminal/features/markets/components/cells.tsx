import { t } from '@lingui/core/macro';
import { formatCountdown } from '@/terminal/shared/format/time';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { useNow } from '@/terminal/shared/useNow';
import type { MarketRow } from '../model/marketRow';
import { MARKET_PAINT_TIMING } from '../paintTiming';


/** The base asset in bold; the quote ("USDC perp", the same on every row) is for screen readers and the hover. */
export function SymbolCell({ row }: { row: MarketRow }) {
  useLocale();
  const { quote } = row;
  return (
    <span className="symbol" title={row.symbol}>
      <span className="symbol__base" elementtiming={MARKET_PAINT_TIMING}>
        {row.base}
      </span>
      <span className="visually-hidden">{t({ message: `${quote} perp`, context: 'a perpetual future, after its quote asset: "USDC perp"' })}</span>
    </span>
  );
}

/** Time left until funding, ticking every second; a bare text node in its cell. */
export function Countdown({ at }: { at: number }) {
  const now = useNow();
  return formatCountdown(at - now);
}
