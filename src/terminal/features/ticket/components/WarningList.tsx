import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { messageFor } from '../messages';
import type { NumberedWarning } from '../model/checkTicket';
import type { TicketIssue } from '../model/issues';

function staleText(markAgeMs: number): string {
  const ageSeconds = Math.round(markAgeMs / 1000);
  return t`Prices are ${ageSeconds} s old: every check against mark is unverified.`;
}

const orderLabel = (order: number) => t`Order ${order}`;

/** A row's warnings: what it probably did not mean. They do not block; the confirmation repeats them. */
export function RowWarnings({ warnings }: { warnings: readonly TicketIssue[] }) {
  useLocale();
  if (warnings.length === 0) return null;
  return (
    <ul className="warnings" aria-label={t`Warnings`}>
      {warnings.map((found) => (
        <li key={found.code}>{messageFor(found)}</li>
      ))}
    </ul>
  );
}

/** The ticket's warnings, each with its order's number, and the age of the marks when stale. */
export function TicketWarnings({ warnings, markAgeMs }: { warnings: readonly NumberedWarning[]; markAgeMs?: number }) {
  useLocale();
  const listed = warnings.filter(({ issue }) => issue.code !== 'symbol.markUnverified');
  if (listed.length === 0 && markAgeMs === undefined) return null;
  return (
    <div className="warnings warnings--ticket" role="group" aria-label={t`Warnings`}>
      {markAgeMs !== undefined ? (
        <p className="warnings__stale">
          {staleText(markAgeMs)}
        </p>
      ) : null}
      {listed.length > 0 ? (
        <ul>
          {listed.map(({ order, issue }) => (
            <li key={`${order}:${issue.code}`}>
              <span className="num">{orderLabel(order)}</span>: {messageFor(issue)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
