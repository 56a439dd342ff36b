import { join } from 'node:path';
import type { OrderRequest } from '@/interface';
import { firedTicket } from '@/proxy/held/outcomes';
import { openSqliteJournal, type FiringOrder, type FiringTerms, type JournalStore, type NewHeldOrder, type NewTicket } from '@/proxy/journal';
import { openPostgresHeld } from '@/proxy/journal/postgres/held';
import { openPostgresJournal } from '@/proxy/journal/postgres/store';
import type { Postgres } from '@/proxy/postgres';
import { tempDir } from './stack';

export const BTC = 'PERP_BTC_USDC';
export const ETH = 'PERP_ETH_USDC';
export const T0 = 1_700_000_000_000;

/** Each adapter's journal, fresh for a case: a new file, or the desk's database emptied. */
export type Adapter = [name: string, open: (pg: () => Postgres) => Promise<JournalStore>];
export const adapters: Adapter[] = [
  ['SQLite', async () => openSqliteJournal(join(tempDir('held-store-'), 'journal.sqlite'))],
  [
    'PostgreSQL',
    async (pg) => {
      await pg().query('TRUNCATE tickets, requests, orders, held_orders RESTART IDENTITY');
      // Eight connections open at once: the cases' concurrent writes then really run side by side.
      await Promise.all(Array.from({ length: 8 }, () => pg().query('SELECT 1')));
      return openPostgresJournal(pg(), openPostgresHeld(pg()));
    },
  ],
];

/** A stop to arm (`n` names its id and key), with what a case changes. */
export function stop(n: number | string, changes: Partial<NewHeldOrder> = {}): NewHeldOrder {
  return {
    id: `h${n}`, idempotencyKey: `key-${n}`, bodyHash: `hash-${n}`, type: 'STOP_MARKET', symbol: BTC, side: 'SELL',
    orderQuantity: 1, triggerPrice: 99_000, orderPrice: null, trailingDistance: null, trailingPercent: null, bestMark: null,
    ocoWith: null, clientRef: null, now: T0, ...changes,
  };
}

/** A TWAP of 6 slices of 10 s, armed at T0. */
export function twap(n: number | string): NewHeldOrder {
  return {
    ...stop(n, { type: 'TWAP', triggerPrice: null, orderQuantity: 0.6 }),
    twap: { durationMs: 60_000, sliceMs: 10_000, maxSlippagePercent: 1, priceLimit: null, randomizePercent: null, startedAt: T0 },
  };
}

/** The terms of twap(n) as armed: what a slice of it is sized and priced on. */
export const TWAP_TERMS = { order_quantity: 0.6, price_limit: null as number | null, max_slippage_percent: 1 as number | null };

/** The order a held order `id` sends at its first firing (client order id `<id>-1`). */
export const orderOf = (id: string, quantity = 1, symbol = BTC): OrderRequest => ({
  symbol, side: 'SELL', order_type: 'MARKET', order_quantity: quantity, client_order_id: `${id}-1`,
});

/** The terms of stop(n) as armed: what a firing of it was decided on. */
export const STOP_TERMS: FiringTerms = { order_quantity: 1, trigger_price: 99_000, order_price: null, trailing_distance: null, trailing_percent: null };

export const firing = (id: string, mark = 98_000, terms: FiringTerms = STOP_TERMS): FiringOrder => ({ id, ticketId: id, order: orderOf(id), mark, terms });

export const ticketOf = (now: number) => (id: string, orders: OrderRequest[]): NewTicket => firedTicket(id, orders, now, 'main');

/** Answers every order of a one-request ticket with `status`. */
export async function answer(journal: JournalStore, ticketId: string, statuses: ('accepted' | 'rejected')[], now = T0): Promise<void> {
  await journal.recordAnswer(ticketId, 1, 200, statuses.map((status, i) => ({ status, orderId: status === 'accepted' ? 1000 + i : null, errorMessage: null })), now);
}

/** Runs all at once; which were fulfilled, and the names of the errors of the others. */
export async function together<T>(work: (() => Promise<T>)[]): Promise<{ done: T[]; errors: string[] }> {
  const settled = await Promise.allSettled(work.map((run) => run()));
  return {
    done: settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    errors: settled.flatMap((result) => (result.status === 'rejected' ? [(result.reason as Error).constructor.name] : [])),
  };
}
