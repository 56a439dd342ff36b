import type { Duration, OrderType } from '@/interface';
import type { OrderKind } from './types';

/** Durations whose id is a service order type turn a limit ticket into that type (docs/contract/decisions.md). */
const durationOrderTypes: Record<string, OrderType> = { IOC: 'IOC', FOK: 'FOK', POST_ONLY: 'POST_ONLY' };

/**
 * What supportedOrderTypes may name for each ticket kind (docs/contract/decisions.md: ticket kinds or the
 * service's own order types, any case): a limit ticket is sent as LIMIT, IOC, FOK or POST_ONLY; a
 * market ticket as MARKET (ASK and BID also execute at the market). Stop kinds have no order type
 * in this interface, so the ticket offers none.
 */
const namesOf: Record<OrderKind, readonly string[]> = {
  limit: ['limit', 'ioc', 'fok', 'post_only'],
  market: ['market', 'ask', 'bid'],
};

/**
 * The durations offered for an order kind: those whose supportedOrderTypes name it
 * (case-insensitive, ticket kind or service order type); without that list, limit orders only.
 */
export function durationsFor(kind: OrderKind, durations: readonly Duration[]): Duration[] {
  const names = namesOf[kind];
  return durations.filter((duration) => {
    if (!duration.supportedOrderTypes) return kind === 'limit';
    return duration.supportedOrderTypes.some((type) => names.includes(type.toLowerCase()));
  });
}

/** The duration preselected for a kind: the default one if offered, else the first. */
export function defaultDurationFor(kind: OrderKind, durations: readonly Duration[]): Duration | undefined {
  const offered = durationsFor(kind, durations);
  return offered.find((duration) => duration.default) ?? offered[0];
}

/** The order_type a ticket row is sent as. */
export function orderTypeFor(kind: OrderKind, duration: Duration | undefined): OrderType {
  if (kind === 'market') return 'MARKET';
  return (duration && durationOrderTypes[duration.id.toUpperCase()]) ?? 'LIMIT';
}

/** True when the duration asks for an expiry, which a batch order has no field to carry. */
export function asksForExpiry(duration: Duration | undefined): boolean {
  return duration !== undefined && (duration.hasDatePicker || duration.hasTimePicker);
}

/**
 * The duration a row stands for: the one it names, or, when it names none yet, the default for its
 * kind. A named duration the config no longer offers resolves to nothing, and the row says so.
 */
export function resolveDuration(
  kind: OrderKind,
  durationId: string,
  durations: readonly Duration[],
): Duration | undefined {
  if (durationId === '') return defaultDurationFor(kind, durations);
  return durationsFor(kind, durations).find((duration) => duration.id === durationId);
}

/**
 * The duration that sends a plain LIMIT: the default one if it does, else the first that does.
 * A pasted LIMIT line must not turn into IOC because a config made IOC the default.
 */
export function plainLimitDuration(durations: readonly Duration[]): Duration | undefined {
  const plain = durationsFor('limit', durations).filter((duration) => orderTypeFor('limit', duration) === 'LIMIT');
  return plain.find((duration) => duration.default) ?? plain[0];
}
