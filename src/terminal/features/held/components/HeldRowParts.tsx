import { t } from '@lingui/core/macro';
import type { HeldOrder } from '@/interface';
import type { TwapProgressView } from '../model/twapProgress';
import { canCancel, canModify, pauseAction } from '../model/modify';
import type { RowNote } from './HeldOrders.script';

export interface RowActionsProps {
  order: HeldOrder;
  /** The person may not change held orders (pause, modify): the panel's head says why, and no row offers to. */
  refused: boolean;
  /** Nor cancel them (a viewer): no row offers anything. A risk user cancels, and only that. */
  cancelRefused: boolean;
  /** Placed by someone else (named): cancelled here, changed only by them. */
  placedByOther?: string;
  editing: boolean;
  onCancel: () => void;
  onPause: () => void;
  onEdit: () => void;
}

/** Cancel, Pause or Resume, and Modify, as far as the order's state allows. */
export function RowActions({ order, refused, cancelRefused, placedByOther, editing, onCancel, onPause, onEdit }: RowActionsProps) {
  const changes = !refused && placedByOther === undefined;
  const pause = changes ? pauseAction(order) : undefined;
  if (cancelRefused || !canCancel(order)) return null;
  return (
    <div className="held__actions">
      <button type="button" className="button held__danger" onClick={onCancel}>
        {t({ message: 'Cancel', context: 'cancel a held order' })}
      </button>
      {pause ? (
        <button type="button" className="button" onClick={onPause}>
          {pause === 'pause' ? t({ message: 'Pause', context: 'pause a held order' }) : t({ message: 'Resume', context: 'resume a paused held order' })}
        </button>
      ) : null}
      {changes && canModify(order) ? (
        <button type="button" className="button" aria-expanded={editing} onClick={onEdit}>
          {t({ message: 'Modify', context: 'change a held order' })}
        </button>
      ) : null}
      {placedByOther !== undefined && !refused ? <span className="held__placer">{t`Placed by ${placedByOther}: only they change it`}</span> : null}
    </div>
  );
}

/** A TWAP's quantity sent as a bar, with its slices and time left in words beside it. */
export function TwapBar({ progress }: { progress: TwapProgressView }) {
  const percent = Math.round(progress.ratio * 100);
  return (
    <div className="held-twap">
      <div
        className="held-twap__bar"
        role="progressbar"
        aria-label={t`TWAP progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progress.sent}
      >
        <div className="held-twap__fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="held-twap__text">
        {progress.sent} · {progress.slices} · {progress.left}
      </p>
    </div>
  );
}

export function NoteLine({ note }: { note: RowNote | undefined }) {
  if (!note) return null;
  return (
    <p className={note.tone === 'problem' ? 'held__problem' : 'held__done'} role="status">
      {note.text}
    </p>
  );
}
