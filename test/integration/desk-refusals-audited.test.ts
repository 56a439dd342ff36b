import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord, HeldOrder } from '@/interface';
import { btcOrder } from '../fixtures/orders';
import { deskPlaces, json, postOf, sendOf, startDesk, type Desk } from '../helpers/deskHttp';
import { ticketKey } from '../helpers/stack';

/**
 * What the desk's rules refuse is kept in the audit (`refused`), beside what was sent: a risk
 * manager reads who tried to send what past which limit, or on an account not theirs, and a
 * trader probing the limits leaves a trail even though nothing was journaled.
 */
const { places, markOf } = deskPlaces({ postgres: true });
let mark: number;
beforeAll(async () => {
  mark = await markOf('PERP_BTC_USDC');
});


describe.each(['SQLite', 'PostgreSQL'] as const)('refusals in the audit on %s', (store) => {
  let desk: Desk;
  let alice: string;
  let rita: string;
  let bob: string;
  const refusals = async () => (await json<{ data: { rows: AuditRecord[] } }>(await desk.call(rita, '/api/audit?action=refused'))).data.rows;

  beforeAll(async () => {
    desk = await startDesk(store, places);
    alice = await desk.signIn('alice', ['trader'], ['main']);
    rita = await desk.signIn('rita', ['risk']);
    bob = await desk.signIn('bob', ['trader'], ['other']);
  });

  it('a ticket over a limit, a cancel on an account not theirs, and a change of a held order past a limit: each refused and audited', async () => {
    const max = String(Math.ceil(0.02 * mark));
    expect((await desk.call(rita, '/api/desk/limits/user/alice', sendOf('PUT', { maxOrderNotional: max }))).status).toBe(200);
    const big = ticketKey();
    expect((await desk.call(alice, '/v1/batch-order', postOf({ orders: [btcOrder(Math.round(mark * 0.95), { order_quantity: 0.05 })] }, big))).status).toBe(403);
    const stop = { type: 'STOP_MARKET', symbol: 'PERP_BTC_USDC', side: 'SELL', order_quantity: 0.01, trigger_price: Math.round(mark / 2) };
    const armed = (await json<{ data: HeldOrder }>(await desk.call(alice, '/api/held-orders', postOf(stop)))).data;
    const raised = await desk.call(alice, `/api/held-orders/${armed.id}`, sendOf('PATCH', { order_quantity: 0.05 }));
    expect(raised.status).toBe(403);
    expect((await json<{ message: string }>(raised)).message).toMatch(/; nothing was changed$/);
    expect((await desk.call(bob, `/api/held-orders/${armed.id}`, sendOf('DELETE'))).status).toBe(403);

    const trail = await refusals();
    expect(trail.map(({ actor, subject, detail }) => ({ actor, subject, kind: detail.kind, account: detail.account }))).toEqual([
      { actor: 'bob', subject: armed.id, kind: 'held-cancel', account: 'main' },
      { actor: 'alice', subject: armed.id, kind: 'held-change', account: 'main' },
      { actor: 'alice', subject: big, kind: 'ticket', account: 'main' },
    ]);
    expect(trail[2]!.detail.limits).toMatchObject([{ code: 'maxOrderNotional', scope: 'user', name: 'alice', row: 0, limit: max }]);
    expect(trail[1]!.detail.limits).toMatchObject([{ code: 'maxOrderNotional', scope: 'user', name: 'alice' }]);
    expect(trail[0]!.detail.reason).toMatch(/^bob may not .*account main/);
    expect(trail.every((record) => record.address !== null)).toBe(true);
    await desk.call(alice, `/api/held-orders/${armed.id}`, sendOf('DELETE'));
    await desk.call(rita, '/api/desk/limits/user/alice', sendOf('PUT', {}));
  });

  it('a risk user lifting their own limits, or approving their own ticket, is refused and audited', async () => {
    const ron = await desk.signIn('ron', ['risk', 'trader'], ['main']);
    expect((await desk.call(ron, '/api/desk/limits/user/ron', sendOf('PUT', { tradingOff: false }))).status).toBe(403);
    expect((await desk.call(rita, '/api/desk/limits/user/ron', sendOf('PUT', { approvalAbove: '1' }))).status).toBe(200);
    const key = ticketKey();
    expect((await desk.call(ron, '/v1/batch-order', postOf({ orders: [btcOrder(Math.round(mark * 0.95), { order_quantity: 0.01 })] }, key))).status).toBe(202);
    expect((await desk.call(ron, `/api/approvals/${key}/approve`, postOf({}))).status).toBe(403);
    const trail = (await refusals()).filter((record) => record.actor === 'ron');
    expect(trail.map(({ subject, detail }) => [subject, detail.kind])).toEqual([[key, 'approve'], ['ron', 'limits']]);
    expect(trail[1]!.detail.reason).toMatch(/^ron may not change limits that bind their own trading/);
    await desk.call(ron, `/api/approvals/${key}/withdraw`, postOf({}));
  });

  it('keeps at most 30 refusals a minute of one person: a flood of refused tickets cannot fill the trail', async () => {
    const mal = await desk.signIn('mal', ['trader'], ['main']);
    expect((await desk.call(rita, '/api/desk/limits/user/mal', sendOf('PUT', { tradingOff: true }))).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 40 }, () => desk.call(mal, '/v1/batch-order', postOf({ orders: [btcOrder(Math.round(mark * 0.95), { order_quantity: 0.01 })] }))));
    expect(answers.every((answer) => answer.status === 403)).toBe(true);
    const kept = (await refusals()).filter((record) => record.actor === 'mal');
    // 30 kept, 10 logged only; a minute that turned during the burst starts a new count.
    const minutes = new Set(kept.map((record) => Math.floor(record.at / 60_000)));
    if (minutes.size === 1) expect(kept).toHaveLength(30);
    else expect(kept.length).toBeLessThanOrEqual(40);
    expect(kept[0]!.detail.limits).toMatchObject([{ code: 'tradingOff', scope: 'user', name: 'mal' }]);
  });
});
