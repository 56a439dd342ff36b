import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Person } from '@/interface';
import { useAuditTrail } from '../api/audit';
import { auditCsvUrl, EMPTY_AUDIT_DRAFT, filtersOf, type AuditFilterDraft, type AuditFilters } from '../model/auditFilters';

/** A record's row before it is measured: one line of figures, a second of detail. */
const ROW_ESTIMATE = 56;

/** The Audit panel's logic: the filter form, the filters applied, pages by cursor, the rows in view. */
export function useAuditPanel({ person }: { person: Person | undefined }) {
  const [draft, setDraft] = useState<AuditFilterDraft>(EMPTY_AUDIT_DRAFT);
  const [filters, setFilters] = useState<AuditFilters>({});
  const trail = useAuditTrail(filters, person !== undefined);
  const rows = useMemo(() => trail.data?.pages.flatMap((page) => page.rows) ?? [], [trail.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = trail;
  // Scrolled to the oldest row loaded: the next page comes without asking.
  useEffect(() => {
    if (last >= rows.length - 1 && rows.length > 0 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [last, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return {
    draft,
    change: (patch: Partial<AuditFilterDraft>) => setDraft((now) => ({ ...now, ...patch })),
    apply: () => setFilters(filtersOf(draft)),
    clear: () => {
      setDraft(EMPTY_AUDIT_DRAFT);
      setFilters({});
    },
    filters,
    csvUrl: auditCsvUrl(filters),
    trail,
    rows,
    scrollRef,
    virtualizer,
    items,
    loadOlder: () => void fetchNextPage(),
  };
}

export type AuditPanel = ReturnType<typeof useAuditPanel>;
