import { beforeAll, describe, expect, it } from 'vitest';
import { IMPLICIT_PERSON, type AuditRecord } from '@/interface';
import { hashToken, newLinkToken } from '@/proxy/desk/people';
import { btcOrder } from '../fixtures/orders';
import { deskPlaces, json, startDesk as startDeskOn, type Desk } from '../helpers/deskHttp';
import { login, ticketKey, TOKEN } from '../helpers/stack';

const { places, markOf } = deskPlaces({ postgres: true });
const startDesk = (store: 'SQLite' | 'PostgreSQL') => startDeskOn(store, places);

describe.each(['SQLite', 'PostgreSQL'] as const)('people and roles on %s', (store) => {
  let desk: Desk;
  let terminal: string;
  beforeAll(async () => {
    desk = await startDesk(store);
    terminal = await login(desk.proxy.url);
  });

  it('single-token mode (no users): the token signs in as the implicit admin-trader, and it is audited', async () => {
    const session = await json<{ data: { person: unknown } }>(await desk.call(terminal, '/api/session'));
    expect(session.data.person).toEqual(IMPLICIT_PERSON);
    const audit = await json<{ data: { rows: AuditRecord[] } }>(await desk.call(terminal, '/api/audit?action=login'));
    expect(audit.data.rows).toEqual([expect.objectContaining({ actor: 'terminal', action: 'login', address: '127.0.0.1' })]);
  });

  it('a desk from its first user: the token no longer signs in, and its sessions are refused', async () => {
    const alice = await desk.signIn('alice', ['trader'], ['main']);
    const refused = await desk.call(terminal, '/api/session');
    expect(refused.status).toBe(401);
    expect((await json(refused)).message).toBe('this proxy is a desk now: sign in with your own link');
    const again = await fetch(`${desk.proxy.url}?token=${TOKEN}`, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/?login=refused');
    expect(again.headers.get('set-cookie')).toBeNull();
    const session = await json<{ data: { person: unknown } }>(await desk.call(alice, '/api/session'));
    expect(session.data.person).toEqual({ name: 'alice', roles: ['trader'], accounts: ['main'], implicit: false });
  });

  it("a link works once; a viewer may not trade, a trader may not read the audit: 403s naming the role and the action", async () => {
    await desk.people.addUser({ name: 'vera', roles: ['viewer'], accounts: '*' }, Date.now());
    const token = newLinkToken();
    await desk.people.issueLink('vera', hashToken(token), Date.now());
    const vera = await login(desk.proxy.url, token);
    await expect(login(desk.proxy.url, token)).rejects.toThrow(/login failed: 303/);
    const trade = await desk.call(vera, '/v1/batch-order', { method: 'POST', key: ticketKey(), body: JSON.stringify({ orders: [btcOrder(1000)] }) });
    expect(trade.status).toBe(403);
    expect((await json(trade)).message).toBe('role viewer may not trade (it takes trader)');
    const held = await desk.call(vera, '/api/held-orders/held-1', { method: 'DELETE' });
    expect(held.status).toBe(403);
    expect((await desk.call(vera, '/api/orders')).status).toBe(200);
    const trader = await desk.signIn('tom', ['trader'], ['main']);
    const audit = await desk.call(trader, '/api/audit');
    expect(audit.status).toBe(403);
    expect((await json(audit)).message).toBe('role trader may not viewAudit (it takes risk or admin)');
    expect((await desk.call(trader, '/api/audit.csv')).status).toBe(403);
  });

  it('a ticket is audited with who sent it; a risk user reads the trail, and its CSV is formula-safe', async () => {
    const trader = await desk.signIn('tina', ['trader'], ['main']);
    const key = ticketKey();
    const price = Math.round((await markOf('PERP_BTC_USDC')) * 0.9);
    const sent = await desk.call(trader, '/v1/batch-order', { method: 'POST', key, body: JSON.stringify({ orders: [btcOrder(price)] }) });
    expect(sent.status).toBe(200);
    await desk.people.append({ actor: '=HYPERLINK("x")', action: 'user-changed', subject: '@evil' });
    const risk = await desk.signIn('rita', ['risk'], '*');
    const page = await json<{ data: { rows: AuditRecord[] } }>(await desk.call(risk, '/api/audit?actor=tina'));
    expect(page.data.rows.map((row) => [row.action, row.subject])).toEqual([['ticket', key], ['login', 'tina']]);
    expect(page.data.rows[0]).toMatchObject({ detail: { orders: 1 }, address: '127.0.0.1' });
    const csv = await (await desk.call(risk, '/api/audit.csv?action=user-changed')).text();
    expect(csv.split('\r\n')[0]).toBe('id,at,time,actor,action,subject,address,detail');
    expect(csv).toContain(`"'=HYPERLINK(""x"")",user-changed,'@evil`);
  });

  it("signing out everywhere ends the user's own sessions only, and is audited", async () => {
    const first = await desk.signIn('sam', ['viewer'], '*');
    const token = newLinkToken();
    await desk.people.issueLink('sam', hashToken(token), Date.now());
    const second = await login(desk.proxy.url, token);
    const other = await desk.signIn('otto', ['viewer'], '*');
    const ended = await json<{ data: { ended: number } }>(await desk.call(first, '/api/sessions/end-all', { method: 'POST' }));
    expect(ended.data.ended).toBe(2);
    expect((await desk.call(second, '/api/session')).status).toBe(401);
    expect((await desk.call(other, '/api/session')).status).toBe(200);
    const trail = await desk.people.list({ actor: 'sam', action: 'sessions-ended', limit: 10 });
    expect(trail.rows).toEqual([expect.objectContaining({ subject: 'sam', detail: { ended: 2 } })]);
  });

  it('a user disabled or removed in the store is refused at the very next request', async () => {
    const dan = await desk.signIn('dan', ['trader'], ['main']);
    const rob = await desk.signIn('rob', ['viewer'], '*');
    expect((await desk.call(dan, '/api/session')).status).toBe(200);
    expect((await desk.call(rob, '/api/session')).status).toBe(200);
    await desk.people.changeUser('dan', { disabled: true });
    await desk.people.removeUser('rob');
    expect((await desk.call(dan, '/api/session')).status).toBe(401);
    expect((await desk.call(rob, '/api/session')).status).toBe(401);
  });
});
