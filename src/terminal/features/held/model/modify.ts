import { t } from '@lingui/core/macro';
import Big from 'big.js';
import type { HeldOrder, HeldOrderPatch } from '@/interface';
import { crossedAlready, firesAsMarkFalls, heldLimitTypes, limitRestsBeyond } from '@/interface';
import { plainNumber } from '@/terminal/shared/format/number';
import { figureText, isLive, type MarketDecimals } from './heldRows';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

/** The fields of a held order the trader can change in the panel, by their PATCH names. */
export type ModifyField = 'trigger_price' | 'order_price' | 'order_quantity' | 'trailing_distance' | 'trailing_percent';
export type ModifyDrafts = Partial<Record<ModifyField, string>>;

export interface ModifyIssue {
  field: ModifyField;
  message: string;
}

/** One change as the confirmation states it: "Trigger: 95,000.0 → 94,000.0". */
export interface ModifyChange {
  field: ModifyField;
  label: string;
  from: string;
  to: string;
}

export const fieldLabel = (field: ModifyField): string => {
  switch (field) {
    case 'trigger_price':
      return t({ message: 'Trigger', context: 'price at which a held order fires' });
    case 'order_price':
      return t({ message: 'Limit price', context: 'price of the limit order a held order sends' });
    case 'order_quantity':
      return t({ message: 'Quantity', context: 'held order quantity' });
    case 'trailing_distance':
      return t`Trailing distance (USDC)`;
    case 'trailing_percent':
      return t`Trailing distance (%)`;
  }
};

/**
 * What can be changed: a stop or take-profit's trigger, a limit kind's price, and the quantity. A
 * trailing stop moves its own trigger: its distance (in the unit it trails by) and quantity are.
 */
export function modifiableFields(order: Pick<HeldOrder, 'type' | 'state'> & Partial<Pick<HeldOrder, 'trailing_percent'>>): ModifyField[] {
  if (!canModify(order)) return [];
  if (order.type === 'TRAILING_STOP') return [order.trailing_percent != null ? 'trailing_percent' : 'trailing_distance', 'order_quantity'];
  return heldLimitTypes.includes(order.type) ? ['trigger_price', 'order_price', 'order_quantity'] : ['trigger_price', 'order_quantity'];
}

/** The proxy changes only an armed or paused order, and no TWAP. */
export const canModify = (order: Pick<HeldOrder, 'type' | 'state'>) =>
  order.type !== 'TWAP' && (order.state === 'armed' || order.state === 'paused');

/** Pause and resume: a TWAP and any armed order pauses; a paused one resumes. */
export const pauseAction = (order: Pick<HeldOrder, 'state'>): 'pause' | 'resume' | undefined =>
  order.state === 'armed' ? 'pause' : order.state === 'paused' ? 'resume' : undefined;

export const canCancel = isLive;

const current = (order: HeldOrder, field: ModifyField): number | null => order[field];

/** The form's first values: the order's own, as plain decimal text. */
export function draftsOf(order: HeldOrder): ModifyDrafts {
  const drafts: ModifyDrafts = {};
  for (const field of modifiableFields(order)) {
    const value = current(order, field);
    drafts[field] = value === null ? '' : plainNumber(value);
  }
  return drafts;
}

function parsed(text: string | undefined): Big | undefined {
  try {
    return text === undefined || text.trim() === '' ? undefined : new Big(text);
  } catch {
    return undefined;
  }
}

export interface ModifyPlan {
  issues: ModifyIssue[];
  patch: HeldOrderPatch | undefined;
  changes: ModifyChange[];
  /** What the review says before it is confirmed (as the ticket does when one is armed). */
  warnings: string[];
}

/**
 * The ticket's warnings for the order as it would be after the change: a trigger the mark (the
 * proxy's, on the row) has already crossed fires at once; a limit beyond its trigger may rest.
 */
function changeWarnings(order: HeldOrder, after: Partial<Record<ModifyField, number>>, decimals: MarketDecimals | undefined): string[] {
  const trigger = after.trigger_price ?? order.trigger_price;
  const limit = after.order_price ?? order.order_price;
  const stop = order.type === 'STOP_MARKET' || order.type === 'STOP_LIMIT';
  const takeProfit = order.type === 'TAKE_PROFIT_MARKET' || order.type === 'TAKE_PROFIT_LIMIT';
  const warnings: string[] = [];
  if ((stop || takeProfit) && trigger !== null && order.mark !== null && order.mark > 0 && crossedAlready(order.side, stop, Math.sign(order.mark - trigger))) {
    const markPrice = figureText(order.mark, decimals?.priceDecimals);
    warnings.push(
      firesAsMarkFalls(order.side, stop)
        ? t`The mark ${markPrice} is already at or below this trigger: it fires at once`
        : t`The mark ${markPrice} is already at or above this trigger: it fires at once`,
    );
  }
  if (heldLimitTypes.includes(order.type) && trigger !== null && limit !== null && limitRestsBeyond(order.side, Math.sign(limit - trigger))) {
    const price = figureText(trigger, decimals?.priceDecimals);
    warnings.push(
      order.side === 'BUY'
        ? t`Below the trigger ${price}: when it fires, a buy at this limit may rest unfilled`
        : t`Above the trigger ${price}: when it fires, a sell at this limit may rest unfilled`,
    );
  }
  return warnings;
}

/** The drafts checked (issues as data, by field), and the PATCH and the old → new lines they make. */
export function planModify(order: HeldOrder, drafts: ModifyDrafts, decimals: MarketDecimals | undefined): ModifyPlan {
  const issues: ModifyIssue[] = [];
  const patch: Record<string, number> = {};
  const changes: ModifyChange[] = [];
  for (const field of modifiableFields(order)) {
    const value = parsed(drafts[field]);
    if (value === undefined || value.lte(0)) {
      issues.push({ field, message: t`Enter a number above 0.` });
      continue;
    }
    const before = current(order, field);
    if (before !== null && value.eq(before)) continue;
    // Off the market's grid the proxy refuses it: said here, before the review.
    const places = field === 'order_quantity' ? decimals?.quantityDecimals : field === 'trailing_percent' ? undefined : decimals?.priceDecimals;
    const grid = places === undefined ? undefined : new Big(1).div(new Big(10).pow(places));
    if (grid && !value.mod(grid).eq(0)) {
      const step = grid.toFixed();
      const tick = step;
      issues.push({ field, message: field === 'order_quantity' ? t`Use a multiple of the step ${step}` : t`Use a multiple of the tick ${tick}` });
      continue;
    }
    patch[field] = value.toNumber();
    changes.push({ field, label: fieldLabel(field), from: figureText(before, places), to: figureText(value.toNumber(), places) });
  }
  if (issues.length === 0 && changes.length === 0) {
    issues.push({ field: modifiableFields(order)[0] ?? 'order_quantity', message: t`Nothing is changed yet.` });
  }
  return { issues, patch: issues.length === 0 ? (patch as HeldOrderPatch) : undefined, changes, warnings: changeWarnings(order, patch, decimals) };
}
