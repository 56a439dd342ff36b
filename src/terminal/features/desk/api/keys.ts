import type { AuditFilters } from '../model/auditFilters';

/** Every query key of the desk feature: queries and invalidations take theirs from here. */
export const deskKeys = {
  all: ['desk'] as const,
  /** Who is signed in, as the proxy's session says (the implicit admin-trader in single-token mode). */
  person: () => [...deskKeys.all, 'person'] as const,
  /** Approvals: awaiting ones, or all of them. */
  approvals: (state: 'awaiting' | 'all' = 'awaiting') => [...deskKeys.all, 'approvals', state] as const,
  /** Every user and account with its limits and today's use. */
  limits: () => [...deskKeys.all, 'limits'] as const,
  /** The audit trail under some filters, page by page. */
  audit: (filters?: AuditFilters) => (filters ? ([...deskKeys.all, 'audit', filters] as const) : ([...deskKeys.all, 'audit'] as const)),
};
