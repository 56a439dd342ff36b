import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { HeldOrder } from '@/interface';
import { settledOf, useHeldActions } from '../api/heldMutations';
import type { MarketDecimals } from '../model/heldRows';
import { draftsOf, modifiableFields, planModify, type ModifyDrafts, type ModifyField, type ModifyPlan } from '../model/modify';

/**
 * The inline modify form of one held order: the drafts, then a confirmation stating old → new,
 * and only then the PATCH. Its issues show once the trader asks to review.
 */
export function useModifyForm(order: HeldOrder, decimals: MarketDecimals | undefined, onDone: (firedOrder?: string) => void) {
  const { modify } = useHeldActions();
  // Only the fields the trader typed in: the others show the order as it is now, and are never sent
  // (a trigger moved on the chart while the form was open was once sent back to its old value).
  const [edited, setEdited] = useState<ModifyDrafts>({});
  const drafts: ModifyDrafts = { ...draftsOf(order), ...edited };
  const [reviewedAt, setReviewedAt] = useState<number>();
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string>();
  // The order changed under the review (another tab, the chart): it is reviewed again, not sent.
  const reviewing = reviewedAt !== undefined && reviewedAt === order.updated_at;
  const changedUnder = reviewedAt !== undefined && reviewedAt !== order.updated_at;
  const plan: ModifyPlan = planModify(order, drafts, decimals);
  const issueOf = (field: ModifyField) => (checked ? plan.issues.find((issue) => issue.field === field)?.message : undefined);
  return {
    fields: modifiableFields(order),
    drafts,
    set: (field: ModifyField, value: string) => {
      setEdited((all) => ({ ...all, [field]: value }));
      setReviewedAt(undefined);
    },
    issueOf,
    /** The issue with no field of its own to sit under ("nothing is changed yet"). */
    formIssue: changedUnder
      ? t`The order changed meanwhile: review the change again`
      : checked && plan.changes.length === 0
        ? plan.issues[0]?.message
        : undefined,
    reviewing,
    changes: plan.changes,
    warnings: plan.warnings,
    busy: modify.isPending,
    problem,
    review: () => {
      setChecked(true);
      setReviewedAt(plan.patch !== undefined ? order.updated_at : undefined);
    },
    back: () => setReviewedAt(undefined),
    confirm: () => {
      if (!plan.patch || !reviewing) return;
      setProblem(undefined);
      modify.mutate(
        { id: order.id, patch: plan.patch },
        {
          onSuccess: () => onDone(),
          onError: (error) => {
            const settled = settledOf(error);
            const id = settled?.client_order_ids.at(-1);
            if (settled && settled.state === 'fired' && id) onDone(id);
            else setProblem(error.message);
          },
        },
      );
    },
  };
}
