import { beforeAll, describe, expect, it } from 'vitest';
import type { Approval, AuditRecord, DeskMe, JournalOrder, LimitIssue } from '@/interface';
import { btcOrder } from '../fixtures/orders';
import { deskPlaces, json, startDesk, type Desk } from '../helpers/deskHttp';
import { ticketKey } from '../helpers/stack';
import { FinalSubmitError } from '@/proxy/desk/approvals';
import { submitter } from '@/proxy/plugins/deskRules';

const { places, markOf } = deskPlaces({ postgres: true });
let mark: number;
beforeAll(async () => {
  mark = await markOf('PERP_BTC_USDC');
});

/** A resting BTC buy well below the mark: 0.01 BTC at 95% of it (within the service's 10% band as the mark drifts). */
const restingBuy = (quantity = 0.01) => btcOrder(Math.round(mark * 0.95), { order_quantity: quantity });
const notionalOf = (quantity: number) => quantity * Math.round(mark * 0.95);
const post = (body: unknown, key = ticketKey()) => ({ method: 'POST', key, body: JSON.stringify(body) });
const put = (body: unknown) => ({ method: 'PUT', body: JSON.stringify(body) });

type Refusal = { message: string; limits: LimitIssue[] };
type Waiting = { data: { approval: Approval } };

describe.each(['SQLite', 'PostgreSQL'] as const)("a desk's limits and four-eyes approval on %s", (store) => {
  let desk: Desk;
  let alice: string;
  let rita: string;
  let ron: string;
  const ordersOf = async (cookie: string, ticket: string) =>
    (await json<{ data: { rows: JournalOrder[] } }>(await desk.call(cookie, `/api/orders?ticket=${ticket}`))).data.rows;
  const setLimits = (scope: 'user' | 'account', name: string, limits: unknown, by = rita) => desk.call(by, `/api/desk/limits/${scope}/${name}`, put(limits));

  beforeAll(async () => {
    desk = await startDesk(store, places, { approvalTtlMs: 60_000 });
    alice = await desk.signIn('alice', ['trader'], ['main']);
    rita = await desk.signIn('rita', ['risk']);
    ron = await desk.signIn('ron', ['risk', 'trader']);
  });

  it('a trader may not change limits; a risk user may, and the change is audited with before and after', async () => {
    const refused = await setLimits('user', 'alice', { maxOrderNotional: '1' }, alice);
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe('role trader may not setLimits (it takes risk)');
    const unknown = await setLimits('user', 'nobody', {});
    expect([unknown.status, (await json(unknown)).message]).toEqual([404, 'no user named nobody; nothing was changed']);
    const bad = await setLimits('user', 'alice', { maxOrderNotional: '-5' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toContain('maxOrderNotional');
    const onAccount = await setLimits('account', 'main', { approvalAbove: '5' });
    expect(onAccount.status).toBe(400);

    expect((await setLimits('user', 'alice', { maxDayNotional: '1000000' })).status).toBe(200);
    expect((await setLimits('user', 'alice', { maxDayNotional: '2000000', symbols: ['PERP_BTC_USDC'] })).status).toBe(200);
    const trail = await json<{ data: { rows: AuditRecord[] } }>(await desk.call(rita, '/api/audit?action=limits-changed'));
    expect(trail.data.rows[0]).toMatchObject({
      actor: 'rita',
      subject: 'alice',
      detail: { scope: 'user', before: { maxDayNotional: '1000000' }, after: { maxDayNotional: '2000000', symbols: ['PERP_BTC_USDC'] } },
    });
  });

  it('a ticket over a limit is refused whole, naming each row, and nothing is sent; the kill switch stops all', async () => {
    const max = String(Math.floor(notionalOf(0.01) * 1.5));
    await setLimits('user', 'alice', { maxOrderNotional: max, symbols: ['PERP_BTC_USDC'] });
    const refused = await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy(0.01), restingBuy(0.02), btcOrder(100, { symbol: 'PERP_ETH_USDC' })] }));
    expect(refused.status).toBe(403);
    const body = await json<Refusal>(refused);
    expect(body.limits.map((issue) => [issue.code, issue.scope, issue.row])).toEqual([
      ['symbol', 'user', 2],
      ['maxOrderNotional', 'user', 1],
    ]);
    expect(body.message).toMatch(/^over the desk's limits: .*nothing was sent$/);
    const orders = await json<{ data: { rows: JournalOrder[] } }>(await desk.call(alice, '/api/orders'));
    expect(orders.data.rows).toEqual([]);

    await setLimits('account', 'main', { tradingOff: true });
    const off = await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy()] }));
    expect((await json<Refusal>(off)).limits).toEqual([{ code: 'tradingOff', scope: 'account', name: 'main' }]);
    await setLimits('account', 'main', {});
    await setLimits('user', 'alice', {});
  });

  it('a ticket waiting at the pacer when the kill switch goes on does not leave: its orders fail "not sent"', async () => {
    // A desk that paces as in production: one batch a second, the second ticket waits behind the first.
    const paced = await startDesk(store, places, { pacingMs: 1_100 });
    const trader = await paced.signIn('paula', ['trader'], ['main']);
    const risk = await paced.signIn('ria', ['risk']);
    const first = paced.call(trader, '/v1/batch-order', post({ orders: [restingBuy()] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = paced.call(trader, '/v1/batch-order', post({ orders: [restingBuy()] }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await paced.call(risk, '/api/desk/limits/account/main', put({ tradingOff: true }))).status).toBe(200);
    expect((await first).status).toBe(200);
    const answer = await json<{ data: { rows: JournalOrder[] } }>(await second);
    expect(answer.data.rows.map((row) => [row.status, row.error_message])).toEqual([['failed', 'not sent: trading is off for account main']]);
  });

  it('counts what is sent against the day limit, shows it in /api/desk/me, and refuses the ticket that would pass it', async () => {
    await setLimits('user', 'alice', { maxDayNotional: String(Math.ceil(notionalOf(0.03))) });
    const first = await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy(0.01), restingBuy(0.01)] }));
    expect(first.status).toBe(200);
    const me = (await json<{ data: DeskMe }>(await desk.call(alice, '/api/desk/me'))).data;
    expect(Number(me.user.usedToday)).toBeCloseTo(notionalOf(0.02), 6);
    expect(me.accounts.map((account) => account.name)).toEqual(['main']);
    expect(me.day).toBe(new Date().toISOString().slice(0, 10));
    expect(me.approvalTtlMinutes).toBe(1);
    const over = await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy(0.02)] }));
    expect((await json<Refusal>(over)).limits).toMatchObject([{ code: 'maxDayNotional', scope: 'user', name: 'alice' }]);
    // Refused: nothing was counted for it.
    const after = (await json<{ data: DeskMe }>(await desk.call(alice, '/api/desk/me'))).data;
    expect(after.user.usedToday).toBe(me.user.usedToday);
    await setLimits('user', 'alice', {});
  });

  it('a ticket over the approval threshold waits; another risk user approves it and it is sent once, placed by its author and approved by them', async () => {
    await setLimits('user', 'alice', { approvalAbove: '1' });
    const key = ticketKey();
    const asked = await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy()] }, key));
    expect(asked.status).toBe(202);
    const { approval } = (await json<Waiting>(asked)).data;
    expect(approval).toMatchObject({ id: key, state: 'awaiting', reason: 'ticket', author: 'alice', account: 'main', kind: 'ticket', ticketId: null });
    expect(await ordersOf(alice, key)).toEqual([]);
    // The author asking again is told the same, and nothing is sent.
    expect((await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy()] }, key))).status).toBe(202);

    const mine = await json<{ data: { rows: Approval[] } }>(await desk.call(alice, '/api/approvals'));
    expect(mine.data.rows.map((row) => row.id)).toEqual([key]);
    const own = await desk.call(alice, `/api/approvals/${key}/approve`, post({}));
    expect(own.status).toBe(403);
    expect((await json(own)).message).toBe('role trader may not approve (it takes risk)');

    const approved = await desk.call(rita, `/api/approvals/${key}/approve`, post({ note: 'fine' }));
    expect(approved.status).toBe(200);
    expect((await json<{ data: Approval }>(approved)).data).toMatchObject({ state: 'approved', decidedBy: 'rita', ticketId: key });
    const sent = await ordersOf(alice, key);
    expect(sent, JSON.stringify(sent)).toMatchObject([{ status: 'accepted', placed_by: 'alice', approved_by: 'rita' }]);
    const again = await desk.call(ron, `/api/approvals/${key}/approve`, post({}));
    expect([again.status, (await json(again)).message]).toEqual([409, `${key} was already approved by rita`]);
    // A replay of the author's key is answered with the ticket it became.
    const replay = await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy()] }, key));
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(await ordersOf(alice, key)).toHaveLength(1);
    await setLimits('user', 'alice', {});
  });

  it('a person with both roles may not change the limits that bind their own trading: their own, or an account they trade', async () => {
    await setLimits('user', 'ron', { approvalAbove: '1', tradingOff: true });
    const own = await setLimits('user', 'ron', {}, ron);
    expect([own.status, (await json(own)).message]).toEqual([
      403, 'ron may not change limits that bind their own trading (user ron): another risk user does; nothing was changed',
    ]);
    const account = await setLimits('account', 'main', {}, ron);
    expect([account.status, (await json(account)).message]).toEqual([
      403, 'ron may not change limits that bind their own trading (account main, which they trade): another risk user does; nothing was changed',
    ]);
    // Still held back: the kill switch and the threshold stand.
    expect((await desk.call(ron, '/v1/batch-order', post({ orders: [restingBuy()] }))).status).toBe(403);
    // Another trader's limits are theirs to set, as a risk user's.
    expect((await setLimits('user', 'alice', {}, ron)).status).toBe(200);
    await setLimits('user', 'ron', {});
  });

  it('an approval sent again after a passing failure meets the kill switch as it is now, and is not sent long after it was given', async () => {
    await setLimits('user', 'alice', { approvalAbove: '1' });
    const key = ticketKey();
    const { approval } = (await json<Waiting>(await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy()] }, key)))).data;
    // As the resubmit finds one approved whose first submission failed (a busy queue, a stop).
    const approved: Approval = { ...approval, state: 'approved', decidedBy: 'rita', decidedAt: Date.now() };
    const submit = submitter(desk.proxy.app, desk.proxy.app.deskRules, 60_000);
    await setLimits('account', 'main', { tradingOff: true });
    await expect(submit(approved)).rejects.toThrow(new FinalSubmitError('trading is off for account main: not sent'));
    await setLimits('account', 'main', {});
    await expect(submit({ ...approved, decidedAt: Date.now() - 120_000 })).rejects.toThrow(/^approved 2 min ago and not sent since: not sent; ask again$/);
    expect(await ordersOf(alice, key)).toEqual([]);
    // Sent, it is answered as sent whatever the switch says now: the order went out.
    expect(await submit(approved)).toBe(key);
    await setLimits('account', 'main', { tradingOff: true });
    expect(await submit(approved)).toBe(key);
    expect(await ordersOf(alice, key)).toHaveLength(1);
    await setLimits('account', 'main', {});
    await setLimits('user', 'alice', {});
  });

  it('a risk user given named accounts decides and sets limits only on those accounts', async () => {
    const rhea = await desk.signIn(`rhea-${store.toLowerCase()}`, ['risk'], ['hedge']);
    await setLimits('user', 'alice', { approvalAbove: '1' });
    const key = ticketKey();
    expect((await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy()] }, key))).status).toBe(202);
    const approve = await desk.call(rhea, `/api/approvals/${key}/approve`, post({}));
    expect([approve.status, (await json(approve)).message]).toEqual([
      403, `rhea-${store.toLowerCase()} may not approve the tickets of account main: it is not one of theirs; nothing was changed`,
    ]);
    expect((await desk.call(rhea, `/api/approvals/${key}/reject`, post({ note: 'no' }))).status).toBe(403);
    expect((await setLimits('account', 'main', {}, rhea)).status).toBe(403);
    const onAlice = await setLimits('user', 'alice', {}, rhea);
    expect([onAlice.status, (await json(onAlice)).message]).toEqual([
      403, `rhea-${store.toLowerCase()} may not set the limits of account main: it is not one of theirs; nothing was changed`,
    ]);
    expect(await ordersOf(alice, key)).toEqual([]);
    await desk.call(alice, `/api/approvals/${key}/withdraw`, post({}));
    await setLimits('user', 'alice', {});
  });

  it('an author never approves their own; a rejection needs a note; only the author withdraws', async () => {
    await setLimits('user', 'ron', { approvalAbove: '1' });
    const key = ticketKey();
    expect((await desk.call(ron, '/v1/batch-order', post({ orders: [restingBuy()] }, key))).status).toBe(202);
    const own = await desk.call(ron, `/api/approvals/${key}/approve`, post({}));
    expect([own.status, (await json(own)).message]).toEqual([403, `${key} is your own request: another risk user approves it`]);
    const bare = await desk.call(rita, `/api/approvals/${key}/reject`, post({}));
    expect([bare.status, (await json(bare)).message]).toEqual([400, 'note: a rejection says why (the author reads it); nothing was changed']);
    // A note is read by the author and kept in the audit: no line breaks or bidi overrides in it.
    const forged = await desk.call(rita, `/api/approvals/${key}/reject`, post({ note: 'ok\nproxy approved' }));
    expect(forged.status).toBe(400);
    expect((await json(forged)).message).toContain('note');
    const notAuthor = await desk.call(rita, `/api/approvals/${key}/withdraw`, post({}));
    expect(notAuthor.status).toBe(403);
    const rejected = await desk.call(rita, `/api/approvals/${key}/reject`, post({ note: 'too large for today' }));
    expect((await json<{ data: Approval }>(rejected)).data).toMatchObject({ state: 'rejected', note: 'too large for today', decidedBy: 'rita' });
    expect(await ordersOf(ron, key)).toEqual([]);

    const second = ticketKey();
    await desk.call(ron, '/v1/batch-order', post({ orders: [restingBuy()] }, second));
    const withdrawn = await desk.call(ron, `/api/approvals/${second}/withdraw`, post({}));
    expect((await json<{ data: Approval }>(withdrawn)).data.state).toBe('withdrawn');
    const late = await desk.call(rita, `/api/approvals/${second}/approve`, post({}));
    expect(late.status).toBe(409);
    await setLimits('user', 'ron', {});
  });

  it('an approval racing a withdrawal ends one way: sent exactly when approved', async () => {
    await setLimits('user', 'alice', { approvalAbove: '1' });
    for (let round = 0; round < 5; round++) {
      const key = ticketKey();
      expect((await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy()] }, key))).status).toBe(202);
      const [approve, withdraw] = await Promise.all([
        desk.call(rita, `/api/approvals/${key}/approve`, post({})),
        desk.call(alice, `/api/approvals/${key}/withdraw`, post({})),
      ]);
      expect([approve.status, withdraw.status].sort()).toEqual([200, 409]);
      const final = (await json<{ data: { rows: Approval[] } }>(await desk.call(rita, '/api/approvals?state=all'))).data.rows.find((row) => row.id === key);
      expect(final?.state).toBe(approve.status === 200 ? 'approved' : 'withdrawn');
      expect(await ordersOf(alice, key)).toHaveLength(approve.status === 200 ? 1 : 0);
    }
    await setLimits('user', 'alice', {});
  });

  it('approving checks the limits again now: over them it is refused and still waits', async () => {
    await setLimits('user', 'alice', { approvalAbove: '1' });
    const key = ticketKey();
    await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy()] }, key));
    await setLimits('account', 'main', { maxOrderNotional: '1' });
    const refused = await desk.call(rita, `/api/approvals/${key}/approve`, post({}));
    expect(refused.status).toBe(409);
    expect((await json<Refusal>(refused)).limits).toMatchObject([{ code: 'maxOrderNotional', scope: 'account', name: 'main', row: 0 }]);
    await setLimits('account', 'main', {});
    expect((await desk.call(rita, `/api/approvals/${key}/approve`, post({}))).status).toBe(200);
    await setLimits('user', 'alice', {});
  });

  it('a disabled author\'s ticket is not sent on approval', async () => {
    await setLimits('user', 'alice', { approvalAbove: '1' });
    const key = ticketKey();
    await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy()] }, key));
    await desk.people.changeUser('alice', { disabled: true });
    const refused = await desk.call(rita, `/api/approvals/${key}/approve`, post({}));
    expect([refused.status, (await json(refused)).message]).toEqual([409, 'alice may no longer trade account main (removed, disabled or changed): reject it instead']);
    await desk.people.changeUser('alice', { disabled: false });
    await setLimits('user', 'alice', {});
  });
});

describe('approvals expire', () => {
  it('an approval not decided within APPROVAL_TTL ends expired, and approving it then says so', async () => {
    const desk = await startDesk('SQLite', places, { approvalTtlMs: 300 });
    const alice = await desk.signIn('alice', ['trader'], ['main']);
    const rita = await desk.signIn('rita', ['risk']);
    await desk.call(rita, '/api/desk/limits/user/alice', put({ approvalAbove: '1' }));
    const key = ticketKey();
    expect((await desk.call(alice, '/v1/batch-order', post({ orders: [restingBuy()] }, key))).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const late = await desk.call(rita, `/api/approvals/${key}/approve`, post({}));
    expect(late.status).toBe(410);
    expect((await json(late)).message).toBe(`${key} expired before it was decided; nothing was sent`);
  });
});
