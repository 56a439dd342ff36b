import { plural, t } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';
import { formatFixed, formatPercent, groupDecimalText } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { sideWord } from '../messages';
import type { Leg, TicketSummary } from '../model/checkTicket';
import { TicketWarnings } from './WarningList';

interface ConfirmDialogProps {
  summary: TicketSummary;
  /** Instead of "Send N orders?" (a repeat says it is one). */
  title?: string;
  /** A line under the title. */
  note?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The leg's prices, low–high; one price alone; market orders have none. */
function priceRange({ lowPrice, highPrice }: Leg): string {
  if (!lowPrice || !highPrice) return '—';
  const [low, high] = [groupDecimalText(lowPrice.toFixed()), groupDecimalText(highPrice.toFixed())];
  return lowPrice.eq(highPrice) ? low : `${low}–${high}`;
}

/** The ticket's total, how far from mark it goes and how long the rate limit spreads it over. */
function totalText(summary: TicketSummary): string {
  const total = formatFixed(summary.totalNotional.toNumber(), 2);
  const furthest = summary.furthestFromMark !== null ? formatPercent(summary.furthestFromMark, 2, false) : undefined;
  const { requests, seconds } = summary;
  if (furthest !== undefined && requests > 1) {
    return t`Total ${total} USDC, furthest ${furthest} from mark, in ${requests} requests over about ${seconds} s.`;
  }
  if (furthest !== undefined) return t`Total ${total} USDC, furthest ${furthest} from mark.`;
  if (requests > 1) return t`Total ${total} USDC, in ${requests} requests over about ${seconds} s.`;
  return t`Total ${total} USDC.`;
}

/**
 * The last look before a large ticket goes: what it buys and sells, for how much, how far from
 * the market, and how long the rate limit spreads it over. Enter sends, Escape cancels.
 */
export function ConfirmDialog({ summary, title, note, onConfirm, onCancel }: ConfirmDialogProps) {
  useLocale();
  const ref = useRef<HTMLDialogElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first button (Cancel); Enter is meant to send.
    sendRef.current?.focus();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={(event) => {
        // The browser's own Escape (the cancel event) is not everywhere; this one is.
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <h2 id="confirm-title">
          {title ?? plural(summary.orders, { one: 'Send # order?', other: 'Send # orders?' })}
        </h2>
        {note ? <p className="muted">{note}</p> : null}
        <table className="legs" aria-label={t`Ticket by market and side`}>
          <thead>
            <tr>
              <th>{t({ message: 'Market', context: 'column: the market traded' })}</th>
              <th>{t({ message: 'Side', context: 'order side: buy or sell' })}</th>
              <th className="right">{t`Orders`}</th>
              <th className="right">{t({ message: 'Quantity', context: 'order quantity column' })}</th>
              <th className="right">{t`Notional (USDC)`}</th>
              <th className="right">{t`Prices`}</th>
            </tr>
          </thead>
          <tbody>
            {summary.legs.map((leg) => (
              <tr key={`${leg.symbol}|${leg.side}`}>
                <td>{leg.symbol}</td>
                <td className={leg.side === 'BUY' ? 'up' : 'down'}>{sideWord(leg.side)}</td>
                <td className="num right">{leg.orders}</td>
                <td className="num right">{leg.quantity.gt(0) ? groupDecimalText(leg.quantity.toFixed()) : '—'}</td>
                <td className="num right">{formatFixed(leg.notional.toNumber(), 2)}</td>
                <td className="num right">{priceRange(leg)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <TicketWarnings warnings={summary.warnings} markAgeMs={summary.markAgeMs} />
        <p className="muted">
          {totalText(summary)}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onCancel}>
            {t`Cancel (Esc)`}
          </button>
          <button type="submit" className="button button--primary" ref={sendRef}>
            {t`Send (Enter)`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
