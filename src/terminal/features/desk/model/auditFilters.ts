import type { AuditAction } from '@/interface';

/** What the audit is narrowed to: each absent filter lets everything through. Times in ms since epoch. */
export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  subject?: string;
  since?: number;
  until?: number;
}

/** What the filter form holds: text as typed; times as a datetime-local field writes them (local time). */
export interface AuditFilterDraft {
  actor: string;
  action: AuditAction | '';
  subject: string;
  since: string;
  until: string;
}

export const EMPTY_AUDIT_DRAFT: AuditFilterDraft = { actor: '', action: '', subject: '', since: '', until: '' };

/** A datetime-local value ("2026-11-25T14:30") as ms since epoch in the browser's zone; undefined if empty or unreadable. */
export function localTimeMs(text: string): number | undefined {
  if (!text) return undefined;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

/** The filters a draft asks for: blanks trimmed away. */
export function filtersOf(draft: AuditFilterDraft): AuditFilters {
  const filters: AuditFilters = {};
  if (draft.actor.trim()) filters.actor = draft.actor.trim();
  if (draft.action) filters.action = draft.action;
  if (draft.subject.trim()) filters.subject = draft.subject.trim();
  const since = localTimeMs(draft.since);
  const until = localTimeMs(draft.until);
  if (since !== undefined) filters.since = since;
  if (until !== undefined) filters.until = until;
  return filters;
}

/** The query string of GET /api/audit (and its CSV) for these filters, from `cursor` on: "?actor=alice&limit=200". */
export function auditSearch(filters: AuditFilters, cursor?: string, limit?: number): string {
  const params = new URLSearchParams();
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.action) params.set('action', filters.action);
  if (filters.subject) params.set('subject', filters.subject);
  if (filters.since !== undefined) params.set('since', String(filters.since));
  if (filters.until !== undefined) params.set('until', String(filters.until));
  if (cursor) params.set('cursor', cursor);
  if (limit !== undefined) params.set('limit', String(limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The "Export CSV" link: the same filters, every page (the proxy streams the whole selection). */
export const auditCsvUrl = (filters: AuditFilters) => `/api/audit.csv${auditSearch(filters)}`;
