import { t } from '@lingui/core/macro';
import { useMemo, useState } from 'react';
import { may, type LimitSet, type Person } from '@/interface';
import { ApiError } from '@/terminal/shared/api/http';
import { useDeskLimits, useLimitsChange, type LimitScope } from '../api/limits';
import { accountRowView, userRowView, type LimitRowView } from '../model/limitRows';
import { draftOf, readLimitDraft, type LimitDraft, type LimitIssueOfForm } from '../model/limitsForm';

export interface DeskLimitsInput {
  person: Person | undefined;
  intervalMs: number;
}

type RowKey = { scope: LimitScope; name: string };
const same = (a: RowKey | undefined, b: RowKey) => a?.scope === b.scope && a.name === b.name;

/** The Desk panel's logic: the rows, the one being edited and its checks, the kill switch asked to confirm. */
export function useDeskLimitsPanel({ person, intervalMs }: DeskLimitsInput) {
  const query = useDeskLimits(intervalMs, person !== undefined);
  const change = useLimitsChange();
  const [editing, setEditing] = useState<(RowKey & { draft: LimitDraft; issues: LimitIssueOfForm[] }) | undefined>();
  const [killing, setKilling] = useState<LimitRowView | undefined>();
  const [note, setNote] = useState<{ tone: 'error' | 'done'; text: string } | undefined>();
  const data = query.data;
  const users = useMemo(() => data?.users.map(userRowView) ?? [], [data]);
  const accounts = useMemo(() => data?.accounts.map(accountRowView) ?? [], [data]);
  const mayEdit = person !== undefined && may(person, 'setLimits');

  const save = (key: RowKey, limits: LimitSet, after?: () => void) => {
    const name = key.name;
    change.mutate(
      { ...key, limits },
      {
        onSuccess: () => {
          setNote({ tone: 'done', text: t`Limits of ${name} saved: they apply to the next ticket.` });
          after?.();
        },
        onError: (error) => setNote({ tone: 'error', text: error instanceof ApiError ? t`Not saved: ${error.message}` : String(error) }),
      },
    );
  };

  return {
    query,
    day: data?.day,
    users,
    accounts,
    mayEdit,
    editWhyNot: mayEdit ? undefined : t`Only a risk user changes limits.`,
    note,
    saving: change.isPending,
    editing,
    isEditing: (row: RowKey) => same(editing, row),
    edit: (row: LimitRowView) => {
      setNote(undefined);
      setEditing({ scope: row.scope, name: row.name, draft: draftOf(row.limits), issues: [] });
    },
    changeDraft: (patch: Partial<LimitDraft>) => setEditing((now) => now && { ...now, draft: { ...now.draft, ...patch } }),
    cancelEdit: () => setEditing(undefined),
    /** Checked here with the proxy's schema first: a bad field is named and nothing is sent. */
    submitEdit: () => {
      if (!editing) return;
      const read = readLimitDraft(editing.draft, editing.scope === 'user');
      if (!read.limits) return setEditing({ ...editing, issues: read.issues });
      setEditing({ ...editing, issues: [] });
      save(editing, read.limits, () => setEditing(undefined));
    },
    killing,
    askKill: (row: LimitRowView) => setKilling(row),
    cancelKill: () => setKilling(undefined),
    confirmKill: () => {
      if (!killing) return;
      save(killing, { ...killing.limits, tradingOff: !killing.limits.tradingOff }, () => setKilling(undefined));
    },
  };
}

export type DeskLimitsPanel = ReturnType<typeof useDeskLimitsPanel>;
