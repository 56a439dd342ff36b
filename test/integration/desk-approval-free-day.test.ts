import { beforeAll, describe, expect, it } from 'vitest';
import type { Approval, DeskMe, HeldOrder, JournalOrder } from '@/interface';
import { btcOrder } from '../fixtures/orders';
import { deskPlaces, json, newTraders, postOf, sendOf, startDesk, type Desk } from '../helpers/deskHttp';
import { ticketKey } from '../helpers/stack';

/**
 * Four-eyes that splitting cannot dodge (desk review H4): a trader whose threshold stops one large
 * ticket sends it as many small ones. A user's `approvalFreeDay` caps what they send in a UTC day
 * without approval; past it every ticket, held order or change waits for a risk user (or is
 * refused where it cannot wait), on either store, tickets sent at once included.
 */
const { places, markOf } = deskPlaces({ postgres: true });
let mark: number;
beforeAll(async () => {
  mark = await markOf('PERP_BTC_USDC');
});

const price = () => Math.round(mark * 0.95);
/** A resting BTC buy of 0.01 at 95% of the mark: a notional of about 0.0095 × mark. */
const restingBuy = () => btcOrder(price(), { order_quantity: 0.01 });
const oneOrder = () => 0.01 * price();

describe.each(['SQLite', 'PostgreSQL'] as const)('the approval-free day on %s', (store) => {
  let desk: Desk;
  let rita: string;
  const trader = newTraders(() => desk, () => rita, 't');
  const me = async (cookie: string) => (await json<{ data: DeskMe }>(await desk.call(cookie, '/api/desk/me'))).data.user;
  const ordersOf = async (key: string) => (await json<{ data: { rows: JournalOrder[] } }>(await desk.call(rita, `/api/orders?ticket=${key}`))).data.rows;

  beforeAll(async () => {
    desk = await startDesk(store, places, { approvalTtlMs: 60_000 });
    rita = await desk.signIn('rita', ['risk']);
  });

  it('sends small tickets until the day would pass it, then the next waits; an approved one does not count against it', async () => {
    // Each ticket is far under the threshold; two fit in the approval-free day, a third does not.
    const alice = await trader({ approvalAbove: String(Math.ceil(10 * oneOrder())), approvalFreeDay: String(Math.ceil(2.5 * oneOrder())) });
    for (let i = 0; i < 2; i++) expect((await desk.call(alice, '/v1/batch-order', postOf({ orders: [restingBuy()] }))).status).toBe(200);
    const sentFree = Number((await me(alice)).approvalFreeToday);
    expect(sentFree).toBeCloseTo(2 * oneOrder(), 6);
    const key = ticketKey();
    const third = await desk.call(alice, '/v1/batch-order', postOf({ orders: [restingBuy()] }, key));
    expect(third.status).toBe(202);
    expect((await json<{ data: { approval: Approval } }>(third)).data.approval).toMatchObject({ id: key, state: 'awaiting', reason: 'day', author: expect.stringMatching(/^t\d+$/) });
    expect(await ordersOf(key)).toEqual([]);
    expect(Number((await me(alice)).approvalFreeToday)).toBe(sentFree);

    expect((await desk.call(rita, `/api/approvals/${key}/approve`, postOf({}))).status).toBe(200);
    expect(await ordersOf(key)).toHaveLength(1);
    const after = await me(alice);
    // Counted in the day's use, not in what went without approval.
    expect(Number(after.usedToday)).toBeCloseTo(3 * oneOrder(), 6);
    expect(Number(after.approvalFreeToday)).toBe(sentFree);
  });

  it('tickets sent at once cannot together pass it: as many are sent as fit, the rest wait', async () => {
    const bob = await trader({ approvalFreeDay: String(Math.ceil(2.5 * oneOrder())) });
    const answers = await Promise.all(Array.from({ length: 6 }, () => desk.call(bob, '/v1/batch-order', postOf({ orders: [restingBuy()] }))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 202, 202, 202, 202]);
    expect(Number((await me(bob)).approvalFreeToday)).toBeCloseTo(2 * oneOrder(), 6);
  });

  it('a double click at the edge of the day (six copies of one key at once) is one ticket sent: no copy waits, none is refused, counted once', async () => {
    for (const limits of [{ approvalFreeDay: String(Math.ceil(1.5 * oneOrder())) }, { maxDayNotional: String(Math.ceil(1.5 * oneOrder())) }]) {
      const dan = await trader(limits);
      const key = ticketKey();
      const body = { orders: [restingBuy()] };
      const answers = await Promise.all(Array.from({ length: 6 }, () => desk.call(dan, '/v1/batch-order', postOf(body, key))));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await ordersOf(key)).toHaveLength(1);
      expect((await desk.call(dan, '/v1/batch-order', postOf(body, key))).status).toBe(200);
      const asked = (await json<{ data: { rows: Approval[] } }>(await desk.call(rita, '/api/approvals?state=all'))).data.rows;
      expect(asked.filter((approval) => approval.id === key)).toEqual([]);
      expect(Number((await me(dan)).usedToday)).toBeCloseTo(oneOrder(), 6);
      const refused = (await json<{ data: { rows: { subject: string }[] } }>(await desk.call(rita, '/api/audit?action=refused'))).data.rows;
      expect(refused.filter((record) => record.subject === key)).toEqual([]);
    }
  });

  it('a held order counts when armed; a change past the day is refused, naming why; a bracket past it cannot wait', async () => {
    const carol = await trader({ approvalFreeDay: String(Math.ceil(1.5 * 0.01 * mark)) });
    const stop = { type: 'STOP_MARKET', symbol: 'PERP_BTC_USDC', side: 'SELL', order_quantity: 0.01, trigger_price: Math.round(mark / 2) };
    const armed = await desk.call(carol, '/api/held-orders', postOf(stop));
    expect(armed.status).toBe(200);
    const order = (await json<{ data: HeldOrder }>(armed)).data;
    expect(Number((await me(carol)).approvalFreeToday)).toBeGreaterThan(0);
    const raised = await desk.call(carol, `/api/held-orders/${order.id}`, sendOf('PATCH', { order_quantity: 0.03 }));
    expect(raised.status).toBe(403);
    expect((await json<{ message: string }>(raised)).message).toMatch(/past what you may send today without approval.*nothing was changed/);
    expect((await json<{ data: HeldOrder }>(await desk.call(carol, `/api/held-orders/${order.id}`))).data.order_quantity).toBe(0.01);

    const bracket = await desk.call(carol, '/api/brackets', postOf({ entry: restingBuy(), stop_loss: { trigger_price: Math.round(mark / 2) } }));
    expect(bracket.status).toBe(403);
    expect((await json<{ message: string }>(bracket)).message).toMatch(/^a bracket past what you may send today without approval cannot wait/);
    await desk.call(carol, `/api/held-orders/${order.id}`, sendOf('DELETE'));
  });

  it('one trader cannot bury the others\' requests: past 20 awaiting, their next is refused, and withdrawing one makes room', async () => {
    const eve = await trader({ approvalAbove: '1' });
    const keys = Array.from({ length: 20 }, () => ticketKey());
    for (const key of keys) expect((await desk.call(eve, '/v1/batch-order', postOf({ orders: [restingBuy()] }, key))).status).toBe(202);
    const next = await desk.call(eve, '/v1/batch-order', postOf({ orders: [restingBuy()] }));
    expect(next.status).toBe(403);
    expect((await json<{ message: string }>(next)).message).toBe('you have 20 tickets awaiting approval: withdraw some or wait for a risk user; nothing was sent');
    expect((await desk.call(eve, `/api/approvals/${keys[0]}/withdraw`, postOf({}))).status).toBe(200);
    expect((await desk.call(eve, '/v1/batch-order', postOf({ orders: [restingBuy()] }))).status).toBe(202);
  });

  it('is a user\'s limit only: refused on an account, by name', async () => {
    const refused = await desk.call(rita, '/api/desk/limits/account/main', sendOf('PUT', { approvalFreeDay: '5' }));
    expect(refused.status).toBe(400);
    expect((await json<{ message: string }>(refused)).message).toMatch(/^approvalFreeDay: approval is set per user/);
  });
});
