import { beforeAll, describe, expect, it } from 'vitest';
import type { Approval, HeldOrder, LimitIssue } from '@/interface';
import { deskPlaces, json, startDesk, type Desk } from '../helpers/deskHttp';
import { ticketKey } from '../helpers/stack';

const { places, markOf } = deskPlaces({ postgres: true });
let mark: number;
beforeAll(async () => {
  mark = await markOf('PERP_BTC_USDC');
});

/** A protective sell stop of 0.01 BTC, half the mark away: it never fires in these tests. */
const stop = (quantity = 0.01) => ({ type: 'STOP_MARKET', symbol: 'PERP_BTC_USDC', side: 'SELL', order_quantity: quantity, trigger_price: Math.round(mark / 2) });
const post = (body: unknown, key = ticketKey()) => ({ method: 'POST', key, body: JSON.stringify(body) });
const send = (method: string, body?: unknown) => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe.each(['SQLite', 'PostgreSQL'] as const)('held orders on a desk on %s', (store) => {
  let desk: Desk;
  let alice: string;
  let bob: string;
  let rita: string;
  const setLimits = (name: string, limits: unknown) => desk.call(rita, `/api/desk/limits/user/${name}`, send('PUT', limits));
  const arm = async (cookie: string, body = stop()) => desk.call(cookie, '/api/held-orders', post(body));

  beforeAll(async () => {
    desk = await startDesk(store, places);
    alice = await desk.signIn('alice', ['trader'], ['main']);
    bob = await desk.signIn('bob', ['trader'], ['other']);
    rita = await desk.signIn('rita', ['risk']);
  });

  it("counts each person's open held orders against their limit, and names who placed each", async () => {
    await setLimits('alice', { maxOpenHeld: 1 });
    const first = await arm(alice);
    expect(first.status).toBe(200);
    const armed = (await json<{ data: HeldOrder & { placed_by?: string | null } }>(first)).data;
    expect(armed.placed_by).toBe('alice');
    const second = await arm(alice);
    expect(second.status).toBe(403);
    expect((await json<{ limits: LimitIssue[] }>(second)).limits).toEqual([{ code: 'maxOpenHeld', scope: 'user', name: 'alice', limit: '1', value: '2' }]);
    expect((await desk.call(alice, `/api/held-orders/${armed.id}`, send('DELETE'))).status).toBe(200);
    expect((await arm(alice)).status).toBe(200);
    await setLimits('alice', {});
  });

  it("a trader changes or cancels only held orders on their own accounts", async () => {
    const armed = (await json<{ data: HeldOrder }>(await arm(alice))).data;
    const change = await desk.call(bob, `/api/held-orders/${armed.id}`, send('PATCH', { trigger_price: Math.round(mark / 3) }));
    expect([change.status, (await json(change)).message]).toEqual([403, 'bob may not trade account main: it is not one of theirs; nothing was changed']);
    expect((await desk.call(bob, `/api/held-orders/${armed.id}`, send('DELETE'))).status).toBe(403);
    const all = await json<{ data: { rows: HeldOrder[] } }>(await desk.call(bob, '/api/held-orders', send('DELETE')));
    expect(all.data.rows).toEqual([]);
    expect((await json<{ data: HeldOrder }>(await desk.call(alice, `/api/held-orders/${armed.id}`))).data.state).toBe('armed');
  });

  it('a risk user cancels what a trader left armed, one or all, but does not pause or change it; a viewer cancels nothing', async () => {
    const vera = await desk.signIn(`vera-${store.toLowerCase()}`, ['viewer']);
    const one = (await json<{ data: HeldOrder }>(await arm(alice))).data;
    const pause = await desk.call(rita, `/api/held-orders/${one.id}`, send('PATCH', { state: 'paused' }));
    expect([pause.status, (await json(pause)).message]).toEqual([403, 'role risk may not trade (it takes trader)']);
    const viewer = await desk.call(vera, `/api/held-orders/${one.id}`, send('DELETE'));
    expect([viewer.status, (await json(viewer)).message]).toEqual([403, 'role viewer may not cancelHeld (it takes trader or risk)']);
    expect((await desk.call(vera, '/api/held-orders', send('DELETE'))).status).toBe(403);
    const cancelled = await desk.call(rita, `/api/held-orders/${one.id}`, send('DELETE'));
    expect((await json<{ data: HeldOrder }>(cancelled)).data.state).toBe('cancelled');
    const two = (await json<{ data: HeldOrder }>(await arm(alice))).data;
    const all = await json<{ data: { rows: HeldOrder[] } }>(await desk.call(rita, '/api/held-orders', send('DELETE')));
    expect(all.data.rows.map((row) => row.id)).toContain(two.id);
    const trail = await json<{ data: { rows: { actor: string; subject: string }[] } }>(await desk.call(rita, '/api/audit?action=held-cancelled'));
    expect(trail.data.rows.filter((row) => row.actor === 'rita').map((row) => row.subject)).toEqual(expect.arrayContaining([one.id, two.id]));
  });

  it("a bracket's exit is judged by the limits too: one may fire before a resting entry fills", async () => {
    await setLimits('alice', { maxOrderNotional: String(Math.floor(0.01 * mark * 0.95)) });
    const entry = { symbol: 'PERP_BTC_USDC', order_type: 'LIMIT', side: 'BUY', order_price: Math.round(mark * 0.9), order_quantity: 0.01 };
    // The entry alone passes; with a take-profit above the mark, the sell it would send does not.
    const bracket = await desk.call(alice, '/api/brackets', post({ entry, take_profit: { trigger_price: Math.round(mark * 1.05) } }));
    expect(bracket.status).toBe(403);
    expect((await json<{ limits: LimitIssue[] }>(bracket)).limits).toMatchObject([{ code: 'maxOrderNotional', scope: 'user', name: 'alice', row: 1 }]);
    expect((await desk.call(alice, '/v1/batch-order', post({ orders: [entry] }))).status).toBe(200);
    await setLimits('alice', {});
  });

  it('a change of what an armed order sends passes the limits; a pause always may', async () => {
    const armed = (await json<{ data: HeldOrder }>(await arm(alice))).data;
    // A stop sends at market: it counts at the mark, not at its trigger half the mark away.
    await setLimits('alice', { maxOrderNotional: String(Math.ceil(0.03 * mark)) });
    const over = await desk.call(alice, `/api/held-orders/${armed.id}`, send('PATCH', { order_quantity: 0.05 }));
    expect(over.status).toBe(403);
    expect((await json<{ limits: LimitIssue[] }>(over)).limits).toMatchObject([{ code: 'maxOrderNotional', scope: 'user', name: 'alice', row: 0 }]);
    expect((await desk.call(alice, `/api/held-orders/${armed.id}`, send('PATCH', { order_quantity: 0.02 }))).status).toBe(200);
    await setLimits('alice', { approvalAbove: '1' });
    const waits = await desk.call(alice, `/api/held-orders/${armed.id}`, send('PATCH', { order_quantity: 0.01 }));
    expect(waits.status).toBe(403);
    expect((await desk.call(alice, `/api/held-orders/${armed.id}`, send('PATCH', { state: 'paused' }))).status).toBe(200);
    await setLimits('alice', {});
  });

  it("another trader of the account may cancel someone's held order, not resize, move or pause it (its placer's limits govern it)", async () => {
    const carl = await desk.signIn('carl', ['trader'], ['main']);
    const armed = (await json<{ data: HeldOrder }>(await arm(alice))).data;
    for (const change of [{ order_quantity: 0.5 }, { trigger_price: Math.round(mark * 0.99) }, { state: 'paused' }]) {
      const refused = await desk.call(carl, `/api/held-orders/${armed.id}`, send('PATCH', change));
      expect(refused.status).toBe(403);
      expect((await json<{ message: string }>(refused)).message).toBe(`alice placed held order ${armed.id}: only they change or pause it (you may cancel it); nothing was changed`);
    }
    expect((await json<{ data: HeldOrder }>(await desk.call(alice, `/api/held-orders/${armed.id}`))).data).toMatchObject({ state: 'armed', order_quantity: 0.01 });
    expect((await desk.call(carl, `/api/held-orders/${armed.id}`, send('DELETE'))).status).toBe(200);
  });

  it('a held order over the approval threshold waits, and is armed once approved, placed by its author', async () => {
    await setLimits('alice', { approvalAbove: '1' });
    const key = ticketKey();
    const asked = await desk.call(alice, '/api/held-orders', post(stop(), key));
    expect(asked.status).toBe(202);
    expect((await json<{ data: { approval: Approval } }>(asked)).data.approval).toMatchObject({ id: key, kind: 'held', state: 'awaiting' });
    const approved = await desk.call(rita, `/api/approvals/${key}/approve`, post({}));
    expect(approved.status).toBe(200);
    const { ticketId } = (await json<{ data: Approval }>(approved)).data;
    const held = (await json<{ data: HeldOrder & { placed_by?: string | null } }>(await desk.call(alice, `/api/held-orders/${ticketId}`))).data;
    expect(held).toMatchObject({ state: 'armed', placed_by: 'alice', symbol: 'PERP_BTC_USDC' });
    await setLimits('alice', {});
  });
});
