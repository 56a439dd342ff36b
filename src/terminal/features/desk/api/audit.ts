import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema } from '@/interface';
import { getJson } from '@/terminal/shared/api/http';
import { auditSearch, type AuditFilters } from '../model/auditFilters';
import { deskKeys } from './keys';

/** Records per page: a screenful many times over, small enough to arrive at once. */
export const AUDIT_PAGE = 200;

export async function fetchAuditPage(filters: AuditFilters, cursor?: string, signal?: AbortSignal) {
  return (await getJson(`/api/audit${auditSearch(filters, cursor, AUDIT_PAGE)}`, auditPageSchema, signal)).data;
}

export const auditQueryOptions = (filters: AuditFilters, enabled = true) =>
  infiniteQueryOptions({
    queryKey: deskKeys.audit(filters),
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
    retry: false,
  });

/** The audit trail, newest first, under `filters`: one page, then the next on asking. */
export function useAuditTrail(filters: AuditFilters, enabled = true) {
  return useInfiniteQuery(auditQueryOptions(filters, enabled));
}
