import type { PostgresClient } from '../../postgres';
import { HeldConflictError, HeldKeyTakenError, HeldLimitError, heldLimitMessage, type NewHeldOrder } from '../heldTypes';
import { MAIN_ACCOUNT } from '../types';
import { HELD_LIVE } from './heldView';

/**
 * The key of the advisory lock every arm takes for its transaction ("perp" "held" in ASCII).
 *
 * Why an advisory lock and not `LOCK TABLE held_orders IN SHARE ROW EXCLUSIVE MODE`: both make
 * concurrent arms (of this proxy or another) take turns, so the count of live orders each reads
 * includes every arm committed before it, and MAX_HELD_ORDERS holds across the desk. But the table
 * lock also conflicts with the ROW EXCLUSIVE lock of every UPDATE: a cancel, a firing, a trailing
 * stop's best mark or a TWAP's slice would wait behind each arm (and each arm behind them). The
 * advisory lock orders arms only; what else changes a row is guarded in its own WHERE. An order
 * leaving the live states meanwhile only lowers the count: the cap is never passed.
 */
const ARM_LOCK = (0x7065_7270_6865_6c64n).toString();

const UNIQUE_VIOLATION = '23505';
/** The unique constraint of `idempotency_key text UNIQUE` (PostgreSQL's default name). */
const KEY_CONSTRAINT = 'held_orders_idempotency_key_key';

/**
 * Writes an armed order (with a TWAP's columns) and links its OCO partner, inside the caller's
 * transaction; throws HeldKeyTakenError, HeldLimitError or HeldConflictError, and the caller's
 * transaction then writes nothing.
 */
export async function armHeld(client: PostgresClient, order: NewHeldOrder): Promise<void> {
  const account = order.account ?? MAIN_ACCOUNT;
  await client.query('SELECT pg_advisory_xact_lock($1)', [ARM_LOCK]);
  const { rows: taken } = await client.query('SELECT 1 FROM held_orders WHERE idempotency_key = $1', [order.idempotencyKey]);
  if (taken.length > 0) throw new HeldKeyTakenError(order.idempotencyKey);
  if (order.maxLive !== undefined) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM held_orders WHERE state IN ${HELD_LIVE} AND account = $1`, [account]);
    if (rows[0]!.n >= order.maxLive) throw new HeldLimitError(heldLimitMessage(order.maxLive, account));
  }
  await insertArmed(client, { ...order, account });
  if (order.ocoWith === null) return;
  const linked = await client.query(
    `UPDATE held_orders SET oco_with = $1, updated_at = $2 WHERE id = $3 AND state IN ${HELD_LIVE} AND oco_with IS NULL`,
    [order.id, order.now, order.ocoWith],
  );
  if (linked.rowCount !== 1) throw new HeldConflictError(`oco_with: ${order.ocoWith} is not an armed or paused held order without a partner`);
}

/**
 * The row, armed. A key taken without the lock (a bracket's exits, written with their entry's
 * ticket) makes the unique index refuse the insert: that is the same answer as the check's.
 */
async function insertArmed(client: PostgresClient, order: NewHeldOrder): Promise<void> {
  const twap = order.twap;
  try {
    await client.query(
      `INSERT INTO held_orders (id, idempotency_key, body_hash, type, state, symbol, side, order_quantity, trigger_price,
        order_price, trailing_distance, trailing_percent, best_mark, oco_with, client_ref, created_at, updated_at,
        duration_ms, slice_ms, max_slippage_percent, price_limit, randomize_percent, started_at, account, placed_by)
        VALUES ($1, $2, $3, $4, 'armed', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $17, $18, $19, $20, $21, $22, $23)`,
      [
        order.id, order.idempotencyKey, order.bodyHash, order.type, order.symbol, order.side, order.orderQuantity,
        order.triggerPrice, order.orderPrice, order.trailingDistance, order.trailingPercent, order.bestMark,
        order.ocoWith, order.clientRef, order.now,
        twap?.durationMs ?? null, twap?.sliceMs ?? null, twap?.maxSlippagePercent ?? null, twap?.priceLimit ?? null,
        twap?.randomizePercent ?? null, twap?.startedAt ?? null, order.account, order.placedBy ?? null,
      ],
    );
  } catch (error) {
    const failure = error as { code?: string; constraint?: string };
    if (failure.code === UNIQUE_VIOLATION && failure.constraint === KEY_CONSTRAINT) throw new HeldKeyTakenError(order.idempotencyKey);
    throw error;
  }
}
