import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { Person } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { auditActionText, auditTimeText, detailText } from '../model/auditRows';
import { useAuditPanel } from './Audit.script';
import { AuditFilterForm } from './AuditFilterForm';
import '../desk.css';
import '../desk-audit.css';

export interface AuditProps {
  person: Person | undefined;
  status?: ReactNode;
}

/** The audit trail, newest first: filtered, paged by cursor as it is scrolled, exported as CSV. */
export function Audit(props: AuditProps) {
  useLocale();
  const { scrollRef, virtualizer, ...panel } = useAuditPanel(props);
  const problem = panel.trail.error?.message;
  const { rows, items } = panel;
  return (
    <div className="desk">
      <div className="desk__head">{props.status}</div>
      <AuditFilterForm panel={panel} csvUrl={panel.csvUrl} />
      {problem ? (
        <p className="desk__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="empty">{panel.trail.isPending ? t`Loading the audit…` : t`No record matches.`}</p>
      ) : (
        <div className="desk__scroll" ref={scrollRef} role="region" tabIndex={0} aria-label={t`Audit records`}>
          <ol className="desk-audit" style={{ blockSize: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const record = rows[item.index];
              if (!record) return null;
              return (
                <li
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  data-audit-id={record.id}
                  className="desk-audit__row"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <span className="desk-audit__when num">{auditTimeText(record.at)}</span>
                  <strong>{record.actor}</strong>
                  <span>{auditActionText(record.action)}</span>
                  {record.subject ? <span className="desk-audit__subject">{record.subject}</span> : null}
                  {record.address ? <span className="desk__muted">{record.address}</span> : null}
                  <span className="desk-audit__detail">{detailText(record.detail)}</span>
                </li>
              );
            })}
          </ol>
        </div>
      )}
      {panel.trail.hasNextPage ? (
        <button type="button" className="button desk-audit__more" disabled={panel.trail.isFetchingNextPage} onClick={panel.loadOlder}>
          {panel.trail.isFetchingNextPage ? t`Loading older records…` : t`Load older records`}
        </button>
      ) : null}
    </div>
  );
}
