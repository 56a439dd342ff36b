import { beforeAll, describe, expect, it } from 'vitest';
import type { HeldOrder, JournalOrder } from '@/interface';
import { createAccountCredentials } from '@/service';
import { ethOrder } from '../fixtures/orders';
import { deskPlaces, json, startDesk, type Desk } from '../helpers/deskHttp';
import { ticketKey } from '../helpers/stack';

/**
 * A desk keeps its books apart (found by an attacker's review): a trader given one account reads
 * that account's orders, tickets and held orders, not another's (their tags, sizes and stops); a
 * risk user of every account reads them all. Both stores, over HTTP.
 */
describe.each([{ store: 'SQLite' as const }, { store: 'PostgreSQL' as const }])('reads on a desk of two accounts ($store)', ({ store }) => {
  const { places, markOf } = deskPlaces({ postgres: store === 'PostgreSQL' });
  let desk: Desk;
  let alice: string;
  let carol: string;
  let rita: string;
  const keys = { alice: ticketKey(), carol: ticketKey() };
  const held = { alice: '', carol: '' };
  const rowsOf = async <Row = JournalOrder>(cookie: string, path: string) => (await json<{ data: { rows: Row[] } }>(await desk.call(cookie, path))).data.rows;
  const tags = async (cookie: string, path: string) => (await rowsOf(cookie, path)).map((row) => row.order_tag);
  const heldIds = async (cookie: string, path: string) => (await rowsOf<HeldOrder>(cookie, path)).map((row) => row.id);

  beforeAll(async () => {
    const hedge = createAccountCredentials();
    places.service().register(hedge.accountId, hedge.key);
    desk = await startDesk(store, places, { accounts: [{ name: 'hedge', ...hedge }] });
    alice = await desk.signIn('alice', ['trader'], ['main']);
    carol = await desk.signIn('carol', ['trader'], ['hedge']);
    rita = await desk.signIn('rita', ['risk']);
    const mark = await markOf('PERP_ETH_USDC');
    const send = (cookie: string, account: string, key: string, tag: string) =>
      desk.call(cookie, '/v1/batch-order', { method: 'POST', key, account, body: JSON.stringify({ orders: [ethOrder(mark, { order_tag: tag })] }) });
    expect((await send(alice, 'main', keys.alice, 'alice-book')).status).toBe(200);
    expect((await send(carol, 'hedge', keys.carol, 'carol-book')).status).toBe(200);
    const stop = { type: 'STOP_MARKET', symbol: 'PERP_ETH_USDC', side: 'SELL', order_quantity: 0.01, trigger_price: Math.round(mark / 2) };
    const arm = async (cookie: string, account: string) =>
      (await json<{ data: HeldOrder }>(await desk.call(cookie, '/api/held-orders', { method: 'POST', key: ticketKey(), account, body: JSON.stringify(stop) }))).data.id;
    held.alice = await arm(alice, 'main');
    held.carol = await arm(carol, 'hedge');
  });

  it("a trader of one account lists only that account's orders and held orders, JSON and CSV", async () => {
    expect(await tags(alice, '/api/orders')).toEqual(['alice-book']);
    expect(await tags(carol, '/api/orders')).toEqual(['carol-book']);
    const csv = await (await desk.call(alice, '/api/orders.csv')).text();
    expect(csv).toContain('alice-book');
    expect(csv).not.toContain('carol-book');
    expect(await heldIds(alice, '/api/held-orders')).toEqual([held.alice]);
  });

  it("asking for another account by name is refused, naming it; its ticket and held order are not there", async () => {
    for (const path of ['/api/orders?account=hedge', '/api/orders.csv?account=hedge', '/api/held-orders?account=hedge']) {
      const answer = await desk.call(alice, path);
      expect(answer.status, path).toBe(403);
      expect((await json<{ message: string }>(answer)).message).toBe('alice may not read account hedge');
    }
    expect((await desk.call(alice, `/api/tickets/${keys.carol}`)).status).toBe(404);
    expect((await desk.call(alice, `/api/held-orders/${held.carol}`)).status).toBe(404);
    expect((await desk.call(alice, `/api/tickets/${keys.alice}`)).status).toBe(200);
    expect((await desk.call(alice, `/api/held-orders/${held.alice}`)).status).toBe(200);
  });

  it('a risk user of every account reads both books', async () => {
    expect((await tags(rita, '/api/orders')).sort()).toEqual(['alice-book', 'carol-book']);
    expect((await heldIds(rita, '/api/held-orders')).sort()).toEqual([held.alice, held.carol].sort());
    expect(await tags(rita, '/api/orders?account=hedge')).toEqual(['carol-book']);
    expect((await desk.call(rita, `/api/tickets/${keys.carol}`)).status).toBe(200);
  });
});
