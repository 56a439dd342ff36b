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
  const [drafts, setDrafts] = useState<ModifyDrafts>(() => draftsOf(order));
  const [reviewing, setReviewing] = useState(false);
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string>();
  const plan: ModifyPlan = planModify(order, drafts, decimals);
  const issueOf = (field: ModifyField) => (checked ? plan.issues.find((issue) => issue.field === field)?.message : undefined);
  return {
    fields: modifiableFields(order),
    drafts,
    set: (field: ModifyField, value: string) => {
      setDrafts((all) => ({ ...all, [field]: value }));
      setReviewing(false);
    },
    issueOf,
    /** The issue with no field of its own to sit under ("nothing is changed yet"). */
    formIssue: checked && plan.changes.length === 0 ? plan.issues[0]?.message : undefined,
    reviewing,
    changes: plan.changes,
    warnings: plan.warnings,
    busy: modify.isPending,
    problem,
    review: () => {
      setChecked(true);
      setReviewing(plan.patch !== undefined);
    },
    back: () => setReviewing(false),
    confirm: () => {
      if (!plan.patch) return;
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
