import { t } from '@lingui/core/macro';
import { firesAsMarkFalls } from '@/interface';
import { Big } from '../model/decimal';
import { groupDecimalText } from '@/terminal/shared/format/number';
import type { BracketPlan, HeldPlan } from '../model/checkHeld';
import type { HeldKind } from '../model/heldTypes';
import { heldPrice } from '../model/heldRow';
import type { DraftRow } from '../model/types';

/** The order kinds of the ticket, as its order type choice names them. */
export function kindLabel(kind: HeldKind | 'limit' | 'market'): string {
  switch (kind) {
    case 'limit':
      return t({ message: 'Limit', context: 'order type' });
    case 'market':
      return t({ message: 'Market', context: 'order type' });
    case 'stop':
      return t({ message: 'Stop', context: 'order type: a market order sent when the mark crosses a trigger' });
    case 'stopLimit':
      return t({ message: 'Stop limit', context: 'order type' });
    case 'takeProfit':
      return t({ message: 'Take-profit', context: 'order type' });
    case 'takeProfitLimit':
      return t({ message: 'Take-profit limit', context: 'order type' });
    case 'trailing':
      return t({ message: 'Trailing stop', context: 'order type' });
    case 'twap':
      return t({ message: 'TWAP', context: 'order type: a quantity spread over time' });
  }
}

/** A held row's own price as listed: its kind and its trigger or limit ("Stop 97,000"), or its kind alone (a trailing stop, a TWAP). */
export function heldRowPrice(row: DraftRow & { heldKind: HeldKind }): string {
  const price = heldPrice(row);
  return price ? `${kindLabel(row.heldKind)} ${groupDecimalText(price)}` : kindLabel(row.heldKind);
}

/** A span of time as the trader reads it: 1 h, 1 h 30 m, 45 m, 90 s. */
export function spanText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [hours ? `${hours} h` : '', minutes ? `${minutes} m` : '', rest ? `${rest} s` : ''].filter(Boolean);
  return parts.join(' ') || '0 s';
}

/** What the fired order sends: side, quantity, and at market or at a limit. */
function sendsText(plan: HeldPlan, limitPrice?: string): string {
  const { quantity: q, base } = plan;
  const quantity = groupDecimalText(q);
  if (limitPrice) {
    const price = groupDecimalText(limitPrice);
    return plan.side === 'BUY' ? t`buy ${quantity} ${base} at limit ${price}` : t`sell ${quantity} ${base} at limit ${price}`;
  }
  return plan.side === 'BUY' ? t`buy ${quantity} ${base} at market` : t`sell ${quantity} ${base} at market`;
}

function twapText(plan: Extract<HeldPlan, { shape: 'twap' }>): string {
  const quantity = groupDecimalText(plan.quantity);
  const { base } = plan;
  const span = spanText(plan.durationMs);
  const every = spanText(plan.sliceMs);
  const slice = plan.sliceHigh ? `${groupDecimalText(plan.sliceLow)}–${groupDecimalText(plan.sliceHigh)}` : groupDecimalText(plan.sliceLow);
  const slippage = plan.slippagePercent && groupDecimalText(plan.slippagePercent);
  const how = slippage ? (plan.side === 'BUY' ? t`IOC at mark +${slippage} %` : t`IOC at mark −${slippage} %`) : t`at market`;
  const head =
    plan.side === 'BUY'
      ? t`TWAP: buy ${quantity} ${base} over ${span}, a slice of ~${slice} every ${every}, ${how}`
      : t`TWAP: sell ${quantity} ${base} over ${span}, a slice of ~${slice} every ${every}, ${how}`;
  const limit = plan.priceLimit ? groupDecimalText(plan.priceLimit) : undefined;
  const parts = [head];
  if (limit) parts.push(plan.side === 'BUY' ? t`a slice is skipped while the mark is above ${limit}` : t`a slice is skipped while the mark is below ${limit}`);
  const randomize = plan.randomizePercent && new Big(plan.randomizePercent).gt(0) ? groupDecimalText(plan.randomizePercent) : undefined;
  if (randomize) parts.push(t`each slice varies by ± ${randomize} %`);
  return parts.join('; ');
}

function trailingText(plan: Extract<HeldPlan, { shape: 'trailing' }>): string {
  const by = plan.percent ? `${groupDecimalText(plan.percent)} %` : groupDecimalText(plan.distance ?? '');
  const sends = sendsText(plan);
  if (plan.best && plan.firesAt) {
    const best = groupDecimalText(plan.best);
    const fires = groupDecimalText(plan.firesAt);
    return plan.side === 'SELL'
      ? t`Trailing ${by} below the best mark (now ${best} → fires at ${fires}): ${sends}`
      : t`Trailing ${by} above the lowest mark (now ${best} → fires at ${fires}): ${sends}`;
  }
  return plan.side === 'SELL' ? t`Trailing ${by} below the best mark: ${sends}` : t`Trailing ${by} above the lowest mark: ${sends}`;
}

/** When a held order fires and what it sends, in one sentence: "When the mark falls to 61,200.0: sell 0.5 BTC at market". */
export function planText(plan: HeldPlan): string {
  if (plan.shape === 'twap') return twapText(plan);
  if (plan.shape === 'trailing') return trailingText(plan);
  const trigger = groupDecimalText(plan.trigger);
  const sends = sendsText(plan, plan.limitPrice);
  return firesAsMarkFalls(plan.side, plan.stop) ? t`When the mark falls to ${trigger}: ${sends}` : t`When the mark rises to ${trigger}: ${sends}`;
}

/** One exit of a bracket: its trigger, and its limit price or at market. */
function exitText(exit: { trigger: string; limitPrice?: string }): string {
  const trigger = groupDecimalText(exit.trigger);
  const limit = exit.limitPrice ? groupDecimalText(exit.limitPrice) : undefined;
  return limit ? t`${trigger} (limit ${limit})` : t`${trigger} (at market)`;
}

/** The bracket's exits after its entry: "then take-profit … / stop-loss … (OCO)". */
export function bracketText(plan: BracketPlan): string {
  const tp = plan.takeProfit ? exitText(plan.takeProfit) : undefined;
  const sl = plan.stopLoss ? exitText(plan.stopLoss) : undefined;
  if (tp && sl) return t`Then take-profit at ${tp} / stop-loss at ${sl}, one cancelling the other (OCO)`;
  if (tp) return t`Then take-profit at ${tp}`;
  return sl ? t`Then stop-loss at ${sl}` : '';
}

/** Where the trader sets a bracket's exits, the promise the proxy keeps about them. */
export const exitsPromise = () => t`Exits are armed when the entry is accepted, and cancelled if it is rejected or its outcome is unknown.`;
