import { plural, t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Dialog } from '@/terminal/shared/ui/Dialog';
import { useCancelAllHeld } from './CancelAllHeld.script';
import '../held.css';

/** "Cancel all held orders", confirmed with how many there are; mounted once for the whole terminal. */
export function CancelAllHeldDialog({ intervalMs }: { intervalMs: number }) {
  useLocale();
  const { open, count, loading, busy, problem, confirm, hide } = useCancelAllHeld(intervalMs);
  if (!open) return null;
  return (
    <Dialog title={t`Cancel all held orders`} onClose={hide} className="held-confirm">
      <p>
        {loading || count === undefined
          ? t`Counting the held orders…`
          : count === 0
            ? t`No held order is live: there is nothing to cancel.`
            : plural(count, {
                one: 'Cancel # held order in every market? A cancelled order never fires.',
                other: 'Cancel all # held orders in every market? A cancelled order never fires.',
              })}
      </p>
      {problem ? (
        <p className="held__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="held-confirm__actions">
        <button type="button" className="button" onClick={hide}>
          {t({ message: 'Keep them', context: 'do not cancel the held orders' })}
        </button>
        <button type="button" className="button held__danger" disabled={!count || busy} onClick={confirm}>
          {count ? plural(count, { one: 'Cancel # held order', other: 'Cancel # held orders' }) : t`Cancel all held orders`}
        </button>
      </div>
    </Dialog>
  );
}
