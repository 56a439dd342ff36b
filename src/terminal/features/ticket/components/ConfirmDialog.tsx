import { plural, t } from '@lingui/core/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatFixed, formatPercent } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import type { TicketSummary } from '../model/checkTicket';
import { ConfirmLines } from './ConfirmLines';
import { holdBackEnter, useEnterSettling } from '@/terminal/shared/ui/enterGuard';
import { TicketWarnings } from './WarningList';

interface ConfirmDialogProps {
  /** The orders sent now; without them (a held order), `children` says what is asked. */
  summary?: TicketSummary;
  /** What is armed besides or instead of the orders sent now: said after them. */
  children?: ReactNode;
  /** The confirming button's words instead of "Send (Enter)". */
  confirmLabel?: string;
  /** Instead of "Send N orders?" (a repeat says it is one). */
  title?: string;
  /** A line under the title. */
  note?: string;
  /** The desk account it goes to, said when the trader had a choice of several. */
  account?: string;
  onConfirm: () => void;
  onCancel: () => void;
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
 * The last look before a ticket goes: each order as it will be sent (type, duration, side, size,
 * price or bound, notional), how far from the market, and how long the rate limit spreads it
 * over. Enter sends, Escape cancels.
 */
export function ConfirmDialog({ summary, title, note, account, children, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  useLocale();
  const ref = useRef<HTMLDialogElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  // Opened by Enter: Enter confirms only after a moment (the button shows it is not ready yet for
  // the keyboard; a click on it is a deliberate act and goes at once).
  const settling = useEnterSettling(true);
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
        // A held Enter repeats, and a double press comes before the orders could be read.
        if (holdBackEnter(event, settling)) return;
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
          {title ?? plural(summary?.orders ?? 0, { one: 'Send # order?', other: 'Send # orders?' })}
        </h2>
        {note ? <p className="muted">{note}</p> : null}
        {account !== undefined ? <p className="confirm__account">{t({ message: `To account ${account}`, context: 'confirm dialog: the desk account the ticket goes to' })}</p> : null}
        {summary ? (
          <>
            <ConfirmLines groups={summary.groups} />
            <TicketWarnings warnings={summary.warnings} markAgeMs={summary.markAgeMs} />
            <p className="muted">{totalText(summary)}</p>
          </>
        ) : null}
        {children}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onCancel}>
            {t`Cancel (Esc)`}
          </button>
          <button type="submit" className="button button--primary dialog__confirm" ref={sendRef} data-settling={settling || undefined}>
            {confirmLabel ?? t`Send (Enter)`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
