import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firedTicket } from '@/proxy/held/outcomes';
import { HeldConflictError, HeldKeyTakenError, type JournalStore } from '@/proxy/journal';
import { migratePostgres, openPostgres, type Postgres } from '@/proxy/postgres';
import { adapters, answer, BTC, ETH, firing, orderOf, stop, STOP_TERMS, T0, ticketOf, together, twap, TWAP_TERMS } from '../helpers/heldStore';
import { startPostgres, type PostgresServer } from '../helpers/postgres';

let server: PostgresServer;
let pg: Postgres;
beforeAll(async () => {
  server = await startPostgres({ database: 'held' });
  pg = openPostgres(server.url, { max: 10 });
  await migratePostgres(pg);
}, 90_000);
afterAll(async () => {
  await pg?.close();
  await server?.stop();
});

// The same cases on both adapters: what the SQLite journal does is what the desk's database must do.
describe.each(adapters)('held orders in the %s journal', (_name, open) => {
  let journal: JournalStore;
  beforeEach(async () => {
    journal = await open(() => pg);
  });
  afterEach(async () => journal.close());

  it('arms, reads, lists newest first, filters and counts the live ones', async () => {
    const held = journal.held;
    const first = await held.arm(stop(1));
    expect(first).toEqual({
      id: 'h1', type: 'STOP_MARKET', state: 'armed', symbol: BTC, side: 'SELL', order_quantity: 1, trigger_price: 99_000,
      order_price: null, trailing_distance: null, trailing_percent: null, best_mark: null, oco_with: null, client_ref: null,
      client_order_ids: [], fired_mark: null, fired_at: null, created_at: T0, updated_at: T0, reason: null,
      last_order_status: null, mark: null, mark_age_ms: null, waiting_for_fresh_price: false, entry: null, twap: null, account: 'main', placed_by: null,
    });
    await held.arm(stop(2, { symbol: ETH, now: T0 + 1, clientRef: 'mine' }));
    await held.arm(stop(3, { now: T0 + 2, type: 'TRAILING_STOP', triggerPrice: null, trailingDistance: 50, bestMark: 100_000 }));
    expect(await held.cancel('h1', T0 + 3)).toBe(true);
    expect(await held.cancel('h1', T0 + 4)).toBe(false);

    expect((await held.list({})).map((order) => order.id)).toEqual(['h3', 'h2', 'h1']);
    expect((await held.list({}, 2)).map((order) => order.id)).toEqual(['h3', 'h2']);
    expect((await held.list({ symbol: BTC })).map((order) => order.id)).toEqual(['h3', 'h1']);
    expect(await held.list({ state: 'cancelled' })).toEqual([{ ...first, state: 'cancelled', reason: 'cancelled by the trader', updated_at: T0 + 3 }]);
    expect((await held.live()).map((order) => order.id)).toEqual(['h2', 'h3']);
    expect(await held.get('h3')).toMatchObject({ trailing_distance: 50, best_mark: 100_000 });
    expect(await held.get('nope')).toBeUndefined();
    expect(await held.row('h2')).toMatchObject({ client_ref: 'mine', fire_count: 0, next_slice: 0, fired_ticket_id: null, entry_ticket_id: null });
    expect(await held.countLive()).toBe(2);
    expect((await held.liveIdsOf()).sort()).toEqual(['h2', 'h3']);
    expect(await held.liveIdsOf(ETH)).toEqual(['h2']);
    expect(await held.liveIdsOf(BTC)).toEqual(['h3']);
  });

  it('journals who placed each held order, and counts the live ones of one person across accounts', async () => {
    const held = journal.held;
    expect(await held.arm(stop(1, { placedBy: 'alice' }))).toMatchObject({ id: 'h1', placed_by: 'alice', account: 'main' });
    expect(await held.row('h1')).toMatchObject({ placed_by: 'alice', account: 'main' });
    await held.arm(stop(2, { placedBy: 'alice', account: 'hedge', now: T0 + 1 }));
    await held.arm({ ...twap(3), placedBy: 'alice', now: T0 + 2 });
    for (const [n, placedBy] of [[4, 'alice'], [5, 'alice'], [6, 'bob'], [7, undefined]] as const) await held.arm(stop(n, { placedBy, now: T0 + n }));
    expect(await held.countLivePlacedBy('alice')).toBe(5);
    // Paused still counts; cancelled, fired and expired do not.
    await held.change('h1', { state: 'paused' }, T0 + 8);
    await held.cancel('h4', T0 + 8);
    await held.firing.fire([firing('h5')], T0 + 9, ticketOf(T0 + 9));
    expect(await held.countLivePlacedBy('alice')).toBe(3);
    await held.twap.end('h3', 0, { state: 'expired', reason: 'the TWAP ran out of time', missed: 6 }, T0 + 10);
    expect([await held.countLivePlacedBy('alice'), await held.countLivePlacedBy('bob'), await held.countLivePlacedBy('carol')]).toEqual([2, 1, 0]);
    expect((await held.list({})).map((order) => [order.id, order.state, order.placed_by])).toEqual([
      ['h7', 'armed', null], ['h6', 'armed', 'bob'], ['h5', 'fired', 'alice'], ['h4', 'cancelled', 'alice'],
      ['h3', 'expired', 'alice'], ['h2', 'armed', 'alice'], ['h1', 'paused', 'alice'],
    ]);
  });

  it('refuses a key already taken, writing nothing, and lets one of eight arms of one key through', async () => {
    const held = journal.held;
    await held.arm(stop(1));
    expect(await held.byIdempotencyKey('key-1')).toEqual({ id: 'h1', bodyHash: 'hash-1' });
    expect(await held.byIdempotencyKey('key-9')).toBeUndefined();
    await expect(held.arm(stop(2, { idempotencyKey: 'key-1' }))).rejects.toBeInstanceOf(HeldKeyTakenError);
    expect(await held.get('h2')).toBeUndefined();

    const arms = Array.from({ length: 8 }, (_, i) => () => held.arm(stop(10 + i, { idempotencyKey: 'same' })));
    const { done, errors } = await together(arms);
    expect(done).toHaveLength(1);
    expect(errors).toEqual(Array(7).fill('HeldKeyTakenError'));
    expect(await held.countLive()).toBe(2);
  });

  it('holds MAX_HELD_ORDERS inside the write: of 8 arms at once against a cap of 3, exactly 3 are armed', async () => {
    const arms = Array.from({ length: 8 }, (_, i) => () => journal.held.arm(stop(i, { maxLive: 3 })));
    const { done, errors } = await together(arms);
    expect(done).toHaveLength(3);
    expect(errors).toEqual(Array(5).fill('HeldLimitError'));
    expect(await journal.held.countLive()).toBe(3);
  });

  it('links an OCO pair, and refuses a partner that is gone, settled or already linked', async () => {
    const held = journal.held;
    await held.arm(stop(1));
    const second = await held.arm(stop(2, { type: 'TAKE_PROFIT_MARKET', triggerPrice: 101_000, ocoWith: 'h1', now: T0 + 5 }));
    expect(second.oco_with).toBe('h1');
    expect(await held.get('h1')).toMatchObject({ oco_with: 'h2', updated_at: T0 + 5 });
    await held.arm(stop(4));
    await held.cancel('h4', T0);
    for (const [n, partner] of [[3, 'h1'], [5, 'nope'], [6, 'h4']] as const) {
      await expect(held.arm(stop(n, { ocoWith: partner }))).rejects.toBeInstanceOf(HeldConflictError);
      expect(await held.get(`h${n}`)).toBeUndefined();
    }
    expect(await held.byIdempotencyKey('key-3')).toBeUndefined();
    expect(await held.get('h1')).toMatchObject({ oco_with: 'h2' });
  });

  it('orders a cancel and a firing of the same order: the first wins, the second changes nothing', async () => {
    const held = journal.held;
    for (const n of [1, 2, 3]) await held.arm(stop(n));
    expect(await held.cancel('h1', T0 + 1)).toBe(true);
    expect(await held.firing.fire([firing('h1')], T0 + 2, ticketOf(T0 + 2))).toEqual({ fired: [], cancelled: [], changed: [] });
    expect(await held.get('h1')).toMatchObject({ state: 'cancelled', client_order_ids: [] });
    expect(await journal.findTicket('h1')).toBeUndefined();

    expect((await held.firing.fire([firing('h2')], T0 + 3, ticketOf(T0 + 3))).fired).toHaveLength(1);
    expect(await held.cancel('h2', T0 + 4)).toBe(false);
    expect(await held.get('h2')).toMatchObject({ state: 'fired', fired_at: T0 + 3, fired_mark: 98_000, last_order_status: 'pending' });

    const [cancelled, fired] = await Promise.all([held.cancel('h3', T0 + 5), held.firing.fire([firing('h3')], T0 + 5, ticketOf(T0 + 5))]);
    expect(Number(cancelled) + fired.fired.length).toBe(1);
    expect((await held.get('h3'))?.state).toBe(cancelled ? 'cancelled' : 'fired');
  });

  it('fires an order only on the terms it was read with: a change committed in between leaves it armed, as changed', async () => {
    const held = journal.held;
    await held.arm(stop(1));
    await held.arm(stop(2));
    await held.arm(stop(3, { type: 'TRAILING_STOP', triggerPrice: null, trailingDistance: 500, bestMark: 100_000 }));
    // Read to fire at 98,000 (trigger 99,000); the trader's PATCH commits first: trigger 90,000, quantity 2.
    expect(await held.change('h1', { triggerPrice: 90_000, orderQuantity: 2 }, T0 + 1)).toBe(true);
    expect(await held.change('h2', { orderQuantity: 3 }, T0 + 1)).toBe(true);
    expect(await held.change('h3', { trailingDistance: 5_000 }, T0 + 1)).toBe(true);
    const trailing = { ...STOP_TERMS, trigger_price: null, trailing_distance: 500 };
    const outcome = await held.firing.fire([firing('h1'), firing('h2'), firing('h3', 99_000, trailing)], T0 + 2, ticketOf(T0 + 2));
    expect(outcome).toEqual({ fired: [], cancelled: [], changed: ['h1', 'h2', 'h3'] });
    for (const id of ['h1', 'h2', 'h3']) expect(await held.row(id)).toMatchObject({ state: 'armed', fired_at: null, client_order_id: null });
    expect(await journal.findTicket('h1')).toBeUndefined();
    // Read again, on its new terms, it fires.
    const fired = await held.firing.fire([firing('h1', 89_000, { ...STOP_TERMS, trigger_price: 90_000, order_quantity: 2 })], T0 + 3, ticketOf(T0 + 3));
    expect(fired.fired.map((one) => one.id)).toEqual(['h1']);
    expect(fired.changed).toEqual([]);
  });

  it('changes, pauses and resumes a live order, and keeps a trailing best mark', async () => {
    const held = journal.held;
    await held.arm(stop(1, { type: 'TRAILING_STOP', triggerPrice: null, trailingPercent: 1, bestMark: 100_000 }));
    expect(await held.change('h1', { state: 'paused', orderQuantity: 2 }, T0 + 1)).toBe(true);
    expect(await held.get('h1')).toMatchObject({ state: 'paused', order_quantity: 2, trailing_percent: 1, best_mark: 100_000, updated_at: T0 + 1 });
    expect(await held.change('h1', { state: 'armed', trailingPercent: 2, bestMark: null }, T0 + 2)).toBe(true);
    expect(await held.get('h1')).toMatchObject({ state: 'armed', order_quantity: 2, trailing_percent: 2, best_mark: null });
    await held.setBestMark('h1', 101_000);
    expect(await held.get('h1')).toMatchObject({ best_mark: 101_000, updated_at: T0 + 2 });
    await held.cancel('h1', T0 + 3);
    expect(await held.change('h1', { state: 'armed' }, T0 + 4)).toBe(false);
    await held.setBestMark('h1', 102_000);
    expect(await held.get('h1')).toMatchObject({ state: 'cancelled', best_mark: 101_000, updated_at: T0 + 3 });
  });

  it('fires a group of 12 in one ticket: in order, the OCO partner cancelled, one no longer armed left out', async () => {
    const held = journal.held;
    for (let n = 1; n <= 13; n++) await held.arm(stop(n, n === 7 ? { ocoWith: 'h3' } : {}));
    await held.cancel('h5', T0);
    const group = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => firing(`h${n}`, 98_000 - n));
    const outcome = await held.firing.fire(group, T0 + 10, ticketOf(T0 + 10));
    const firedIds = ['h1', 'h2', 'h3', 'h4', 'h6', 'h8', 'h9', 'h10', 'h11', 'h12'];
    expect(outcome.fired.map((one) => one.id)).toEqual(firedIds);
    expect(outcome.cancelled).toEqual(['h7']);
    expect(outcome.ticket?.id).toBe('h1');
    expect(await held.get('h7')).toMatchObject({ state: 'cancelled', reason: 'its OCO partner h3 fired', updated_at: T0 + 10 });
    expect(await held.row('h4')).toMatchObject({ state: 'fired', client_order_id: 'h4-1', fired_ticket_id: 'h1', fired_mark: 97_996, fired_at: T0 + 10 });
    expect(await held.get('h13')).toMatchObject({ state: 'armed' });

    const result = await journal.ticketResult('h1');
    expect(result).toMatchObject({ ticket_id: 'h1', status: 'sending', requests: 1 });
    expect(result!.rows.map((row) => [row.seq, row.client_order_id, row.status])).toEqual(firedIds.map((id, seq) => [seq, `${id}-1`, 'pending']));
    expect(await journal.findTicket('h1')).toMatchObject({ bodyHash: outcome.ticket!.bodyHash, requests: 1, createdAt: T0 + 10 });

    await answer(journal, 'h1', firedIds.map((_, i) => (i === 3 ? 'rejected' : 'accepted')));
    const views = await held.list({ state: 'fired' });
    expect(views.map((view) => [view.id, view.last_order_status, view.client_order_ids])).toEqual(
      [...firedIds].sort().reverse().map((id) => [id, id === 'h4' ? 'rejected' : 'accepted', [`${id}-1`]]),
    );
  });

  it('steps a TWAP by its next slice: a second step from the same slice writes nothing', async () => {
    const held = journal.held;
    await held.arm(twap(1));
    expect(await held.row('h1')).toMatchObject({ duration_ms: 60_000, slice_ms: 10_000, max_slippage_percent: 1, started_at: T0 });
    expect(await held.twap.liveSliceMs()).toEqual([10_000]);
    // The terms each slice was sized on, as the runner read them.
    const terms = { ...TWAP_TERMS };
    const slice = (from: number, n: number, last = false) => ({
      id: 'h1', from, next: from + 1, missed: 0, quantitySent: 0.1 * n, last, mark: 97_000, terms: { ...terms },
      ticket: firedTicket(`h1-s${n}`, [{ ...orderOf('h1', 0.1), client_order_id: `h1-${n}` }], T0 + n, 'main'),
    });
    expect(await held.twap.slice(slice(0, 1))).toBe(true);
    expect(await held.twap.slice(slice(0, 2))).toBe(false);
    expect(await journal.findTicket('h1-s2')).toBeUndefined();
    expect(await journal.ticketResult('h1-s1')).toMatchObject({ rows: [{ client_order_id: 'h1-1', status: 'pending' }] });
    expect(await held.twap.pass('h1', 0, 3, { skipped: 1, missed: 1 }, T0 + 2)).toBe(false);
    expect(await held.twap.pass('h1', 1, 3, { skipped: 1, missed: 1 }, T0 + 2)).toBe(true);
    expect(await held.twap.end('h1', 1, { state: 'expired', reason: 'late', missed: 3 }, T0 + 3)).toBe(false);
    expect(await held.twap.change('h1', { state: 'paused', priceLimit: 96_000 }, T0 + 3)).toBe(true);
    expect(await held.twap.slice(slice(3, 2))).toBe(false);
    expect(await held.twap.change('h1', { state: 'armed' }, T0 + 4)).toBe(true);
    // Sized before the PATCH of the price limit: nothing journaled; on the new terms it is.
    expect(await held.twap.slice(slice(3, 2, true))).toBe(false);
    terms.price_limit = 96_000;
    // Never below what its slices sent (0.1), whatever the runner read before.
    expect(await held.twap.change('h1', { orderQuantity: 0.05 }, T0 + 4)).toBe(false);
    expect(await held.row('h1')).toMatchObject({ order_quantity: 0.6, quantity_sent: 0.1 });
    expect(await held.twap.slice(slice(3, 2, true))).toBe(true);
    expect(await held.row('h1')).toMatchObject({
      state: 'fired', next_slice: 4, slices_sent: 2, slices_skipped: 1, slices_missed: 1, fired_mark: 97_000, fired_at: T0 + 2, price_limit: 96_000,
    });
    expect(await held.twap.end('h1', 4, { state: 'expired', reason: null, missed: 2 }, T0 + 5)).toBe(false);
    expect(await held.twap.change('h1', { state: 'armed' }, T0 + 5)).toBe(false);
    expect(await held.twap.liveSliceMs()).toEqual([]);

    await held.arm(twap(2));
    await held.arm(stop(3));
    expect(await held.twap.change('h3', { state: 'paused' }, T0)).toBe(false);
    expect(await held.twap.liveSliceMs()).toEqual([10_000]);
    expect(await held.twap.end('h2', 0, { state: 'expired', reason: 'the TWAP ran out of time', missed: 6 }, T0 + 6)).toBe(true);
    expect(await held.row('h2')).toMatchObject({ state: 'expired', reason: 'the TWAP ran out of time', slices_missed: 6 });
  });

  it("shows a TWAP's progress from its slices' answers, in get and in list alike", async () => {
    const held = journal.held;
    await held.arm(twap(1));
    await held.arm(stop(2, { now: T0 + 1 }));
    for (const [n, quantity] of [[1, 0.1], [2, 0.2], [3, 0.3]] as const) {
      const ticket = firedTicket(`h1-s${n}`, [{ ...orderOf('h1', quantity), client_order_id: `h1-${n}` }], T0 + n, 'main');
      await held.twap.slice({ id: 'h1', from: n - 1, next: n, missed: 0, quantitySent: 0.1 * n, last: false, mark: 97_000, ticket, terms: TWAP_TERMS });
    }
    // Tickets beside the range of its slices: counted by neither adapter.
    for (const id of ['h1-r1', 'h1-t1', 'h1s1']) await journal.createTicket(firedTicket(id, [{ ...orderOf(id), client_order_id: id }], T0, 'main'));
    await answer(journal, 'h1-t1', ['accepted']);
    await answer(journal, 'h1-s1', ['accepted']);
    await answer(journal, 'h1-s2', ['accepted']);
    const view = await held.get('h1');
    expect(view).toMatchObject({ client_order_ids: ['h1-1', 'h1-2', 'h1-3'], last_order_status: 'pending' });
    expect(view!.twap).toEqual({
      duration_ms: 60_000, slice_ms: 10_000, max_slippage_percent: 1, price_limit: null, randomize_percent: null, started_at: T0,
      ends_at: T0 + 60_000, next_slice_at: T0 + 30_000, slices_total: 6, slices_sent: 3, slices_accepted: 2, slices_rejected: 0,
      slices_skipped: 0, slices_missed: 0, quantity_sent: 0.30000000000000004, quantity_accepted: 0.3,
    });
    await answer(journal, 'h1-s3', ['rejected']);
    const listed = await held.list({});
    expect(listed.map((order) => order.id)).toEqual(['h2', 'h1']);
    expect(listed[1]).toEqual(await held.get('h1'));
    expect(listed[1]).toMatchObject({ last_order_status: 'rejected', twap: { slices_accepted: 2, slices_rejected: 1, quantity_accepted: 0.3 } });
    expect(listed[0]).toMatchObject({ twap: null, last_order_status: null, client_order_ids: [] });
  });

  it('arms again a fired order whose order was never sent, with the partner its firing cancelled', async () => {
    const held = journal.held;
    await held.arm(stop(1));
    await held.arm(stop(2, { ocoWith: 'h1' }));
    await held.arm(stop(3));
    await held.firing.fire([firing('h1'), firing('h3')], T0 + 1, ticketOf(T0 + 1));
    expect(await held.rearm.unsent()).toEqual([]);
    await journal.markSent('h1', 1, T0 + 1, T0 + 1);
    expect(await held.rearm.rearmIfNotSent('h1', T0 + 1)).toBeUndefined();
    await journal.recordRequestOutcome('h1', 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: the proxy stopped' }, T0 + 2);
    expect(await held.rearm.unsent()).toEqual(['h1', 'h3']);
    const reason = 'its order was not sent (the proxy stopped); armed again';
    expect(await held.rearm.rearmIfNotSent('h1', T0 + 3)).toEqual({ id: 'h1', partner: 'h2', reason });
    expect(await held.rearm.rearmIfNotSent('h1', T0 + 4)).toBeUndefined();
    expect(await held.row('h1')).toMatchObject({ state: 'armed', fire_count: 1, client_order_id: null, fired_ticket_id: null, fired_at: null, reason });
    expect(await held.get('h2')).toMatchObject({ state: 'armed', reason: 'its OCO partner h1 was not sent; armed again', updated_at: T0 + 3 });
    expect(await held.rearm.unsent()).toEqual(['h3']);

    await held.arm(stop(4));
    await held.firing.fire([firing('h4')], T0 + 5, ticketOf(T0 + 5));
    await journal.recordRequestOutcome('h4', 1, 'unknown', { reason: 'timeout', httpStatus: null, code: null, message: 'no answer' }, T0 + 6);
    expect(await held.rearm.rearmIfNotSent('h4', T0 + 7)).toBeUndefined();
    expect(await held.get('h4')).toMatchObject({ state: 'fired', last_order_status: 'unknown' });

    // A partner the trader cancelled stays cancelled; two rearms of one firing at once: one does it.
    await held.arm(stop(5));
    await held.arm(stop(6, { ocoWith: 'h5' }));
    await held.cancel('h6', T0 + 8);
    await held.firing.fire([firing('h5')], T0 + 9, ticketOf(T0 + 9));
    await journal.recordRequestOutcome('h5', 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: the proxy stopped' }, T0 + 9);
    const both = await Promise.all([held.rearm.rearmIfNotSent('h5', T0 + 10), held.rearm.rearmIfNotSent('h5', T0 + 10)]);
    expect(both.filter(Boolean)).toEqual([{ id: 'h5', reason }]);
    expect(await held.row('h5')).toMatchObject({ state: 'armed', fire_count: 1 });
    expect(await held.get('h6')).toMatchObject({ state: 'cancelled', reason: 'cancelled by the trader' });

    // The trader asked to cancel it after it fired (answered 409): never sent, it is cancelled, not
    // armed again; its OCO partner, cancelled by that firing only, is armed again.
    await held.arm(stop(7));
    await held.arm(stop(8, { ocoWith: 'h7' }));
    await held.firing.fire([firing('h7')], T0 + 11, ticketOf(T0 + 11));
    expect(await held.rearm.askCancelFired('h7', T0 + 12)).toBe(true);
    expect(await held.rearm.askCancelFired('h8', T0 + 12)).toBe(false);
    await journal.recordRequestOutcome('h7', 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: the proxy stopped' }, T0 + 13);
    expect(await held.rearm.rearmIfNotSent('h7', T0 + 14)).toEqual({
      id: 'h7', partner: 'h8', cancelled: true, reason: 'its order was not sent (the proxy stopped); cancelled, as asked after it fired',
    });
    expect(await held.row('h7')).toMatchObject({ state: 'cancelled', fire_count: 0 });
    expect(await held.get('h8')).toMatchObject({ state: 'armed' });
    // A fired order whose ticket retention removed is not one never sent.
    expect(await journal.pruneFinished(T0 + 100, 100)).toBe(3);
    expect(await held.rearm.unsent()).toEqual([]);
  });

  it('puts a paused OCO partner back paused, not armed, when its partner fired and its order was not sent', async () => {
    const held = journal.held;
    await held.arm(stop(1));
    await held.arm(stop(2, { ocoWith: 'h1' }));
    expect(await held.change('h2', { state: 'paused' }, T0 + 1)).toBe(true);
    await held.firing.fire([firing('h1')], T0 + 2, ticketOf(T0 + 2));
    expect(await held.get('h2')).toMatchObject({ state: 'cancelled', reason: 'its OCO partner h1 fired while it was paused' });
    await journal.recordRequestOutcome('h1', 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: the proxy stopped' }, T0 + 3);
    expect(await held.rearm.rearmIfNotSent('h1', T0 + 4)).toMatchObject({ id: 'h1', partner: 'h2' });
    // The trader paused it: it must not start firing because its partner's order failed.
    expect(await held.get('h2')).toMatchObject({ state: 'paused', reason: 'its OCO partner h1 was not sent; paused again', updated_at: T0 + 4 });
    expect(await held.get('h1')).toMatchObject({ state: 'armed' });

    // A partner its partner's firing cancelled, then cancelled by the trader too: it stays cancelled.
    await held.arm(stop(3));
    await held.arm(stop(4, { ocoWith: 'h3' }));
    await held.firing.fire([firing('h3')], T0 + 5, ticketOf(T0 + 5));
    expect(await held.rearm.keepCancelled('h4', T0 + 6)).toBe(true);
    expect(await held.rearm.keepCancelled('h1', T0 + 6)).toBe(false);
    await journal.recordRequestOutcome('h3', 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: the proxy stopped' }, T0 + 7);
    expect(await held.rearm.rearmIfNotSent('h3', T0 + 8)).toEqual({ id: 'h3', reason: 'its order was not sent (the proxy stopped); armed again' });
    expect(await held.get('h4')).toMatchObject({ state: 'cancelled', reason: 'cancelled by the trader' });
  });

  it("holds a bracket's exits until their entry's answer: armed or cancelled only while awaiting", async () => {
    const entry = { ...firedTicket('entry-1', [{ symbol: BTC, side: 'BUY', order_type: 'MARKET', order_quantity: 1, client_order_id: 'entry-1' }], T0, 'hedge'), placedBy: 'alice' };
    const exit = (n: number, ocoWith: string | null) => ({
      id: `x${n}`, idempotencyKey: `exit-${n}`, bodyHash: 'exits', type: 'STOP_MARKET' as const, symbol: BTC, side: 'SELL' as const,
      orderQuantity: 1, triggerPrice: 99_000 + n, orderPrice: null, ocoWith, clientRef: null,
    });
    const exits = [exit(1, 'x2'), exit(2, 'x1'), exit(3, null)];
    expect(await journal.createTicket(entry, { bracketExits: { entry: { ticketId: 'entry-1', clientOrderId: 'entry-1' }, exits, now: T0 } })).toEqual({ kind: 'created' });
    expect(await journal.brackets.awaiting()).toEqual(['x1', 'x2', 'x3'].map((id) => ({ id, entry_ticket_id: 'entry-1', entry_client_order_id: 'entry-1' })));
    expect(await journal.held.get('x1')).toMatchObject({ state: 'awaiting_entry', oco_with: 'x2', entry: { ticket_id: 'entry-1', client_order_id: 'entry-1', status: 'pending' } });
    expect(await journal.held.countLive()).toBe(3);
    // The exits are the entry's: of its account, placed by whoever placed it.
    expect(await journal.held.row('x3')).toMatchObject({ account: 'hedge', placed_by: 'alice' });
    expect(await journal.held.countLivePlacedBy('alice')).toBe(3);

    expect(await journal.held.cancel('x3', T0 + 1)).toBe(true);
    await answer(journal, 'entry-1', ['accepted']);
    expect(await journal.brackets.arm(['x1', 'x3', 'nope'], T0 + 2)).toEqual(['x1']);
    expect(await journal.brackets.cancel(['x1', 'x2', 'x3'], 'the entry was rejected', T0 + 3)).toEqual(['x2']);
    expect(await journal.brackets.awaiting()).toEqual([]);
    expect(await journal.held.get('x1')).toMatchObject({ state: 'armed', updated_at: T0 + 2, entry: { status: 'accepted' } });
    expect(await journal.held.get('x2')).toMatchObject({ state: 'cancelled', reason: 'the entry was rejected' });
    await expect(journal.held.arm(stop(9, { idempotencyKey: 'exit-1' }))).rejects.toBeInstanceOf(HeldKeyTakenError);
  });
});
