import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { approvalResponseSchema, approvalsResponseSchema, limitIssueSchema, type Approval } from '@/interface';
import { createBackoff, type Backoff } from '@/terminal/shared/api/backoff';
import { ApiError, getJson, postJson } from '@/terminal/shared/api/http';
import { perQueryClient } from '@/terminal/shared/api/perClient';
import { limitIssueText } from '../model/limitIssues';
import { deskKeys } from './keys';

/** Approvals are decided within seconds of each other: the list is polled this often while shown. */
export const APPROVALS_INTERVAL_MS = 2_000;

export async function fetchApprovals(state: 'awaiting' | 'all', signal?: AbortSignal): Promise<Approval[]> {
  return (await getJson(`/api/approvals?state=${state}`, approvalsResponseSchema, signal)).data.rows;
}

export const approvalsBackoffOf = perQueryClient(() => createBackoff());

export const approvalsQueryOptions = (backoff: Backoff, state: 'awaiting' | 'all', intervalMs = APPROVALS_INTERVAL_MS, enabled = true) =>
  queryOptions({
    queryKey: deskKeys.approvals(state),
    queryFn: ({ signal }) => backoff.track(fetchApprovals(state, signal)),
    refetchInterval: () => backoff.interval(intervalMs),
    enabled,
    retry: false,
  });

/** Approvals this person may see (risk users: everyone's; others: their own), polled while shown. */
export function useApprovals(state: 'awaiting' | 'all', enabled = true, intervalMs = APPROVALS_INTERVAL_MS) {
  return useQuery(approvalsQueryOptions(approvalsBackoffOf(useQueryClient()), state, intervalMs, enabled));
}

export type Decision = 'approve' | 'reject' | 'withdraw';

export async function decideApproval(id: string, decision: Decision, note?: string): Promise<Approval> {
  const body = note?.trim() ? { note: note.trim() } : {};
  return (await postJson(`/api/approvals/${encodeURIComponent(id)}/${decision}`, body, approvalResponseSchema)).data;
}

const refusalBodySchema = z.object({ message: z.optional(z.string()), limits: z.optional(z.array(limitIssueSchema)) });

/**
 * A decision the proxy refused, in words: each limit an approval would break (409), an approval
 * that ran out (410), one decided by someone else meanwhile, or the proxy's own message.
 */
export function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  const body = refusalBodySchema.safeParse(error.body);
  const issues = body.success ? (body.data.limits ?? []) : [];
  if (issues.length > 0) return [t`Refused: it would break a limit.`, ...issues.map(limitIssueText)].join(' ');
  const message = error.message;
  if (error.status === 410) return t`Refused: this approval has expired. ${message}`;
  if (error.status === 409) return t`Refused: ${message}`;
  if (error.status === 403) return t`Not allowed: ${message}`;
  return message;
}

/** Approve, reject and withdraw; each shows its answer in the list at once and polls again. */
export function useApprovalDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: Decision; note?: string }) => decideApproval(id, decision, note),
    onSuccess: (approval) => {
      for (const state of ['awaiting', 'all'] as const) {
        client.setQueryData<Approval[]>(deskKeys.approvals(state), (rows) =>
          rows?.flatMap((row) => (row.id !== approval.id ? [row] : state === 'awaiting' && approval.state !== 'awaiting' ? [] : [approval])),
        );
      }
    },
    onSettled: () => void client.invalidateQueries({ queryKey: [...deskKeys.all, 'approvals'] }),
  });
}
