import { plural, t } from '@lingui/core/macro';
import type { JournalOrder } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';

/**
 * Orders whose answer never came are the one thing a trader must not miss: they may be live at the
 * service. Said at the top, with what to do.
 */
export function UnknownOrdersAlert({ orders, total }: { orders: readonly JournalOrder[]; total?: number }) {
  useLocale();
  const unknown = orders.filter((order) => order.status === 'unknown');
  // The orders in view are the newest page of the journal; the proxy counts the whole journal.
  const count = Math.max(unknown.length, total ?? 0);
  if (count === 0) return null;
  const symbols = [...new Set(unknown.map((order) => order.symbol))].join(', ');
  let where = symbols;
  if (!symbols) where = t`older than the orders listed`;
  else if (count > unknown.length) where = t`${symbols} and older ones`;
  return (
    <div className="notice notice--danger" role="alert" aria-label={t`Orders with unknown outcome`}>
      <div className="notice__body">
        <strong>{plural(count, { one: `# order with an unknown outcome (${where}).`, other: `# orders with an unknown outcome (${where}).` })}</strong>{' '}
        {plural(count, {
          one: 'The proxy sent it but no answer came, so it may or may not be live. Check your open orders at the service before sending it again; the proxy never resends on its own. Order history lists it with status unknown.',
          other:
            'The proxy sent them but no answer came, so they may or may not be live. Check your open orders at the service before sending them again; the proxy never resends on its own. Order history lists them with status unknown.',
        })}
      </div>
    </div>
  );
}
