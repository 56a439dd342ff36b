import type { JournalOrder } from '@/interface';

/**
 * Ids the terminal makes up: client order ids (at most 36 letters, digits and "-") and the
 * idempotency key of a ticket. Random enough that two terminals never collide.
 */
function randomPart(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

export function newClientOrderId(now = Date.now()): string {
  return `t${now.toString(36)}-${randomPart(8)}`;
}

export function newTicketKey(): string {
  return `tk-${Date.now().toString(36)}-${randomPart(16)}`;
}

export function newRowId(): string {
  return `r-${randomPart(10)}`;
}

/**
 * Client order ids the journal holds for orders that are or may be live: a new order must not
 * reuse one. Rejected and failed orders never reached the book, so their ids are free again.
 */
export function clientIdsInUse(orders: readonly Pick<JournalOrder, 'status' | 'client_order_id'>[]): Set<string> {
  const ids = new Set<string>();
  for (const order of orders) {
    if (order.status !== 'rejected' && order.status !== 'failed' && order.client_order_id) ids.add(order.client_order_id);
  }
  return ids;
}
