import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction, AuditRecord } from '@/interface';
import { dateFormat } from '@/terminal/shared/format/locale';
import '@/terminal/shared/i18n/i18n';

const WHEN: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' };

/** When, in the trader's zone and locale, to the second. */
export const auditTimeText = (at: number) => dateFormat('audit-when', WHEN).format(at);

/** What a record's detail says, as "key: value" pairs; nested values as JSON. */
export function detailText(detail: AuditRecord['detail']): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

const ACTION_WORDS: Record<AuditAction, MessageDescriptor> = {
  login: msg({ message: 'signed in', context: 'audit action' }),
  logout: msg({ message: 'signed out', context: 'audit action' }),
  'sessions-ended': msg({ message: 'sessions ended', context: 'audit action: signed out everywhere' }),
  ticket: msg({ message: 'ticket sent', context: 'audit action' }),
  'approval-asked': msg({ message: 'approval asked', context: 'audit action: a ticket waits for approval' }),
  approved: msg({ message: 'approved', context: 'audit action' }),
  rejected: msg({ message: 'rejected', context: 'audit action' }),
  withdrawn: msg({ message: 'withdrawn', context: 'audit action: the author took a ticket back' }),
  expired: msg({ message: 'expired', context: 'audit action: an approval ran out' }),
  'approval-failed': msg({ message: 'approved, not sent', context: 'audit action: an approved ticket was refused for good when it was submitted' }),
  'held-armed': msg({ message: 'held order armed', context: 'audit action' }),
  'held-modified': msg({ message: 'held order modified', context: 'audit action' }),
  'held-cancelled': msg({ message: 'held order cancelled', context: 'audit action' }),
  'limits-changed': msg({ message: 'limits changed', context: 'audit action' }),
  'user-added': msg({ message: 'user added', context: 'audit action' }),
  'user-changed': msg({ message: 'user changed', context: 'audit action' }),
  'user-disabled': msg({ message: 'user disabled', context: 'audit action' }),
  'user-removed': msg({ message: 'user removed', context: 'audit action' }),
  'link-issued': msg({ message: 'login link issued', context: 'audit action' }),
  'account-changed': msg({ message: 'account changed', context: 'audit action' }),
  refused: msg({ message: 'refused by the desk', context: "audit action: a ticket or held order the desk's limits or roles refused" }),
};

/** An audit action in the trader's words. */
export const auditActionText = (action: AuditAction) => i18n._(ACTION_WORDS[action]);
