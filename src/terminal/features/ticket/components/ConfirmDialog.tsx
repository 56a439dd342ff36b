import { useEffect, useRef } from 'react';
import { formatFixed, formatPercent } from '@/terminal/shared/format/number';
import type { Leg, TicketSummary } from '../model/checkTicket';
import { TicketWarnings } from './WarningList';

interface ConfirmDialogProps {
  summary: TicketSummary;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The leg's prices, low–high; one price alone; market orders have none. */
function priceRange({ lowPrice, highPrice }: Leg): string {
  if (!lowPrice || !highPrice) return '—';
  return lowPrice.eq(highPrice) ? lowPrice.toFixed() : `${lowPrice.toFixed()}–${highPrice.toFixed()}`;
}

/**
 * The last look before a large ticket goes: what it buys and sells, for how much, how far from
 * the market, and how long the rate limit spreads it over. Enter sends, Escape cancels.
 */
export function ConfirmDialog({ summary, onConfirm, onCancel }: ConfirmDialogProps) {
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
          Send {summary.orders} order{summary.orders === 1 ? '' : 's'}?
        </h2>
        <table className="legs" aria-label="Ticket by market and side">
          <thead>
            <tr>
              <th>Market</th>
              <th>Side</th>
              <th className="right">Orders</th>
              <th className="right">Quantity</th>
              <th className="right">Notional (USDC)</th>
              <th className="right">Prices</th>
            </tr>
          </thead>
          <tbody>
            {summary.legs.map((leg) => (
              <tr key={`${leg.symbol}|${leg.side}`}>
                <td>{leg.symbol}</td>
                <td className={leg.side === 'BUY' ? 'up' : 'down'}>{leg.side}</td>
                <td className="num right">{leg.orders}</td>
                <td className="num right">{leg.quantity.gt(0) ? leg.quantity.toFixed() : '—'}</td>
                <td className="num right">{formatFixed(leg.notional.toNumber(), 2)}</td>
                <td className="num right">{priceRange(leg)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <TicketWarnings warnings={summary.warnings} markAgeMs={summary.markAgeMs} />
        <p className="muted">
          Total {formatFixed(summary.totalNotional.toNumber(), 2)} USDC
          {summary.furthestFromMark !== null ? `, furthest ${formatPercent(summary.furthestFromMark, 2, false)} from mark` : ''}
          {summary.requests > 1 ? `, in ${summary.requests} requests over about ${summary.seconds} s` : ''}.
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel (Esc)
          </button>
          <button type="submit" className="button button--primary" ref={sendRef}>
            Send (Enter)
          </button>
        </div>
      </form>
    </dialog>
  );
}
