import { t } from '@lingui/core/macro';
import { useMemo, useState } from 'react';
import { may, type Person } from '@/interface';
import { refusalText, useApprovalDecision, useApprovals, type Decision } from '../api/approvals';
import { approvalView, sortApprovals, stateText, type MarketLook } from '../model/approvalRows';

export interface ApprovalsInput {
  person: Person | undefined;
  /** The marks now (the markets feed the terminal polls) and each market's price decimals. */
  markets: MarketLook;
  now: number;
}

export interface DecisionNote {
  tone: 'error' | 'done';
  text: string;
}

/** The Approvals panel's logic: the list polled every 2 s, the decisions and what each answered. */
export function useApprovalsPanel({ person, markets, now }: ApprovalsInput) {
  // An author follows their own requests to the end (approved, rejected, expired); a risk user
  // works through what still waits.
  const [showDecided, setShowDecided] = useState(() => person !== undefined && !may(person, 'approve'));
  const query = useApprovals(showDecided ? 'all' : 'awaiting', person !== undefined);
  const decision = useApprovalDecision();
  const [rejecting, setRejecting] = useState<string | undefined>();
  const [noteDrafts, setNoteDrafts] = useState<Record<string, string>>({});
  const [notes, setNotes] = useState<Record<string, DecisionNote>>({});
  const [noteMissing, setNoteMissing] = useState<string | undefined>();
  const rows = query.data;
  const views = useMemo(() => sortApprovals(rows ?? []).map((row) => approvalView(row, person, markets, now)), [rows, person, markets, now]);
  const say = (id: string, note: DecisionNote) => setNotes((all) => ({ ...all, [id]: note }));

  const decide = (id: string, kind: Decision, note?: string) => {
    decision.mutate(
      { id, decision: kind, note },
      {
        onSuccess: (approval) => {
          const state = stateText(approval.state);
          say(id, { tone: 'done', text: t`Done: ${state}` });
          if (kind === 'reject') setRejecting(undefined);
        },
        onError: (error) => say(id, { tone: 'error', text: refusalText(error) }),
      },
    );
  };

  return {
    query,
    views,
    showDecided,
    setShowDecided,
    notes,
    pendingId: decision.isPending ? decision.variables.id : undefined,
    rejecting,
    noteDraft: (id: string) => noteDrafts[id] ?? '',
    noteMissing,
    setNoteDraft: (id: string, text: string) => {
      setNoteDrafts((all) => ({ ...all, [id]: text }));
      if (text.trim()) setNoteMissing(undefined);
    },
    approve: (id: string) => decide(id, 'approve'),
    withdraw: (id: string) => decide(id, 'withdraw'),
    startReject: (id: string) => setRejecting(id),
    cancelReject: () => {
      setRejecting(undefined);
      setNoteMissing(undefined);
    },
    /** A rejection says why: without a note it is not sent, and the field says so. */
    confirmReject: (id: string) => {
      const note = (noteDrafts[id] ?? '').trim();
      if (!note) return setNoteMissing(id);
      decide(id, 'reject', note);
    },
  };
}

export type ApprovalsPanel = ReturnType<typeof useApprovalsPanel>;
