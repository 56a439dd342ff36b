import { t } from '@lingui/core/macro';
import Big from 'big.js';
import type { TwapProgress } from '@/interface';
import { formatCountdown } from '@/terminal/shared/format/time';
import { figureText } from './heldRows';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

export interface TwapProgressView {
  /** Quantity sent over the total, 0 to 1, for the bar. */
  ratio: number;
  /** "0.4 of 1 sent": the bar's accessible value in words. */
  sent: string;
  /** Slices sent, accepted, rejected, skipped and missed, of the total. */
  slices: string;
  /** Time left, or "ended". */
  left: string;
}

/** A TWAP's progress in words and as a share of its quantity (exact: 0.1 + 0.2 of 0.3 is all of it). */
export function twapProgressView(progress: TwapProgress, total: number, quantityDecimals: number | undefined, now: number, live: boolean): TwapProgressView {
  const ratio = total > 0 ? Math.min(1, new Big(progress.quantity_sent).div(total).toNumber()) : 0;
  const sentText = figureText(progress.quantity_sent, quantityDecimals);
  const totalText = figureText(total, quantityDecimals);
  const { slices_total: all, slices_sent: sentSlices, slices_accepted: accepted, slices_rejected: rejected } = progress;
  const { slices_skipped: skipped, slices_missed: missed } = progress;
  const remaining = formatCountdown(progress.ends_at - now);
  return {
    ratio,
    sent: t`${sentText} of ${totalText} sent`,
    slices: t`${sentSlices} of ${all} slices sent: ${accepted} accepted, ${rejected} rejected, ${skipped} skipped, ${missed} missed`,
    left: live && progress.ends_at > now ? t`${remaining} left` : t({ message: 'ended', context: 'a TWAP whose time is over' }),
  };
}
