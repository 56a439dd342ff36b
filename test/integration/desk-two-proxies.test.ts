import { beforeAll, describe, expect, it } from 'vitest';
import type { Approval, JournalOrder } from '@/interface';
import { btcOrder } from '../fixtures/orders';
import { deskPlaces, json, startDesk, type Desk } from '../helpers/deskHttp';
import { ticketKey } from '../helpers/stack';

const { places, markOf } = deskPlaces({ postgres: true });

const post = (body: unknown, key = ticketKey()) => ({ method: 'POST', key, body: JSON.stringify(body) });

describe('two proxies of one desk on PostgreSQL', () => {
  let first: Desk;
  let second: Desk;
  let alice: string;
  let rita: string;
  beforeAll(async () => {
    first = await startDesk('PostgreSQL', places);
    second = await startDesk('PostgreSQL', places, { databaseUrl: first.databaseUrl });
    alice = await first.signIn('alice', ['trader'], ['main']);
    rita = await second.signIn('rita', ['risk']);
    expect((await first.call(rita, '/api/desk/limits/user/alice', { method: 'PUT', body: JSON.stringify({ approvalAbove: '1' }) })).status).toBe(200);
  });

  it('an approval taken on both at once is sent once, whichever proxy took it', async () => {
    const mark = await markOf('PERP_BTC_USDC');
    for (let round = 0; round < 4; round++) {
      const key = ticketKey();
      const asked = await first.call(alice, '/v1/batch-order', post({ orders: [btcOrder(Math.round(mark * 0.95))] }, key));
      expect(asked.status).toBe(202);
      const answers = await Promise.all([first, second].map((desk) => desk.call(rita, `/api/approvals/${key}/approve`, post({}))));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const approved = await json<{ data: Approval }>(answers.find((answer) => answer.status === 200)!);
      expect(approved.data).toMatchObject({ state: 'approved', ticketId: key });
      for (const desk of [first, second]) {
        const rows = (await json<{ data: { rows: JournalOrder[] } }>(await desk.call(alice, `/api/orders?ticket=${key}`))).data.rows;
        expect(rows).toMatchObject([{ placed_by: 'alice', approved_by: 'rita' }]);
      }
    }
  });

  it("a user disabled on the desk is refused at once on every proxy, and their waiting tickets are not approved", async () => {
    const key = ticketKey();
    expect((await second.call(alice, '/v1/batch-order', post({ orders: [btcOrder(1000)] }, key))).status).toBe(202);
    await first.people.changeUser('alice', { disabled: true });
    for (const desk of [first, second]) expect((await desk.call(alice, '/api/session')).status).toBe(401);
    const approve = await second.call(rita, `/api/approvals/${key}/approve`, post({}));
    expect(approve.status).toBe(409);
  });
});
