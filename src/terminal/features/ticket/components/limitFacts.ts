import { t } from '@lingui/core/macro';
import type { LimitSet } from '@/interface';
import { groupDecimalText } from '@/terminal/shared/format/number';

/** One figure of a limit set, and whether it stops sending (the kill switch). */
export interface LimitFact {
  text: string;
  stops?: boolean;
}

/** A set of limits and today's use, compactly: what the trader checks before sending. */
export function limitFacts(limits: LimitSet, usedToday: string, openHeld: number, approvalFreeToday = '0'): LimitFact[] {
  const facts: LimitFact[] = [];
  const used = groupDecimalText(usedToday);
  if (limits.tradingOff) facts.push({ text: t({ message: 'trading off', context: 'desk limits: the kill switch is on' }), stops: true });
  if (limits.maxDayNotional !== undefined) {
    const max = groupDecimalText(limits.maxDayNotional);
    facts.push({ text: t({ message: `today ${used} of ${max} USDC`, context: 'desk limits: notional sent today of the daily maximum' }) });
  } else facts.push({ text: t({ message: `today ${used} USDC`, context: 'desk limits: notional sent today, no daily maximum' }) });
  if (limits.maxOrderNotional !== undefined) {
    const max = groupDecimalText(limits.maxOrderNotional);
    facts.push({ text: t({ message: `≤ ${max} an order`, context: 'desk limits: most notional per order' }) });
  }
  if (limits.maxTicketNotional !== undefined) {
    const max = groupDecimalText(limits.maxTicketNotional);
    facts.push({ text: t({ message: `≤ ${max} a ticket`, context: 'desk limits: most notional per ticket' }) });
  }
  if (limits.maxOpenHeld !== undefined) {
    const max = limits.maxOpenHeld;
    facts.push({ text: t({ message: `${openHeld} of ${max} held open`, context: 'desk limits: open held orders of the maximum' }) });
  }
  if (limits.symbols !== undefined) {
    const markets = limits.symbols.join(', ');
    facts.push({ text: t({ message: `only ${markets}`, context: 'desk limits: the markets allowed' }) });
  }
  if (limits.approvalAbove !== undefined) {
    const above = groupDecimalText(limits.approvalAbove);
    facts.push({ text: t({ message: `approval above ${above}`, context: 'desk limits: a ticket over this notional waits for a risk user' }) });
  }
  if (limits.approvalFreeDay !== undefined) {
    const [free, max] = [groupDecimalText(approvalFreeToday), groupDecimalText(limits.approvalFreeDay)];
    facts.push({ text: t({ message: `${free} of ${max} without approval today`, context: 'desk limits: sent today without approval, of the most a day; past it every ticket waits for a risk user' }) });
  }
  return facts;
}
