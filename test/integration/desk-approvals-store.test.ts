import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalStore, NewApproval } from '@/proxy/desk/limitsStore';
import { openSqliteLimits } from '@/proxy/desk/sqliteLimits';
import { migratePostgres, openPostgres, type Postgres } from '@/proxy/postgres';
import { deskAdapters, type DeskPlace } from '../helpers/deskLimits';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { tempDir } from '../helpers/stack';

let server: PostgresServer;
let pg: Postgres;
beforeAll(async () => {
  server = await startPostgres({ database: 'approvals' });
  pg = openPostgres(server.url, { max: 20 });
  await migratePostgres(pg);
}, 90_000);
afterAll(async () => {
  await pg?.close();
  await server?.stop();
});

const T0 = 1_764_072_000_000;
const TTL = 600_000;
const body = { orders: [{ symbol: 'PERP_BTC_USDC', order_type: 'LIMIT', side: 'BUY', order_quantity: 0.1, order_price: 3 }] };

const asked = (n: number | string, changes: Partial<NewApproval> = {}): NewApproval => ({
  id: `ticket-key-${n}`, kind: 'ticket', account: 'main', author: 'alice', notional: '0.3', body,
  createdAt: T0, expiresAt: T0 + TTL, ...changes,
});

describe.each(deskAdapters)('the approvals store on %s', (_name, at) => {
  let place: DeskPlace;
  let store: ApprovalStore;
  beforeEach(async () => {
    place = await at(() => pg);
    store = place.open().approvals;
  });
  afterEach(async () => place.close());

  it('keeps an approval as awaiting, its body as sent, and an id asked again as it was', async () => {
    const first = await store.ask(asked(1));
    expect(first).toEqual({
      fresh: true,
      approval: {
        id: 'ticket-key-1', kind: 'ticket', account: 'main', author: 'alice', state: 'awaiting', notional: '0.3', body,
        createdAt: T0, expiresAt: T0 + TTL, decidedBy: null, decidedAt: null, note: null, ticketId: null, reason: null,
      },
    });
    expect(await store.ask(asked(1, { author: 'bob', notional: '9' }))).toEqual({ fresh: false, approval: first.approval });
    // Why it waits is kept as asked.
    expect((await store.ask(asked(2, { reason: 'day' }))).approval.reason).toBe('day');
    expect((await store.get('ticket-key-2'))?.reason).toBe('day');
    expect(await store.get('ticket-key-1')).toEqual(first.approval);
    expect(await store.get('nope')).toBeUndefined();
  });

  it('lists newest first, by state and by author', async () => {
    await store.ask(asked(1));
    await store.ask(asked(2, { author: 'bob', createdAt: T0 + 1, kind: 'held' }));
    await store.ask(asked(3, { createdAt: T0 + 2 }));
    await store.reject('ticket-key-3', 'rita', T0 + 3, 'too big');
    const ids = (list: { id: string }[]) => list.map((approval) => approval.id.replace('ticket-key-', ''));
    expect(ids(await store.list())).toEqual(['3', '2', '1']);
    expect(ids(await store.list({ state: 'all', limit: 2 }))).toEqual(['3', '2']);
    expect(ids(await store.list({ state: 'awaiting' }))).toEqual(['2', '1']);
    expect(ids(await store.list({ state: 'awaiting', author: 'alice' }))).toEqual(['1']);
    expect(ids(await store.list({ state: 'rejected' }))).toEqual(['3']);
    expect((await store.get('ticket-key-2'))?.kind).toBe('held');
  });

  it('approves once, by someone other than the author, before it expires, saying why not otherwise', async () => {
    await store.ask(asked(1));
    expect(await store.approve('nope', 'rita', T0 + 1, null)).toEqual({ ok: false, why: 'not-found' });
    expect(await store.approve('ticket-key-1', 'alice', T0 + 1, null)).toEqual({ ok: false, why: 'own' });
    expect(await store.approve('ticket-key-1', 'rita', T0 + TTL, null)).toEqual({ ok: false, why: 'expired' });
    const approved = await store.approve('ticket-key-1', 'rita', T0 + TTL - 1, 'fine');
    expect(approved).toEqual({ ok: true, approval: expect.objectContaining({ state: 'approved', decidedBy: 'rita', decidedAt: T0 + TTL - 1, note: 'fine' }) });
    expect(await store.approve('ticket-key-1', 'ron', T0 + 2, null)).toEqual({ ok: false, why: 'decided:approved' });
    expect(await store.reject('ticket-key-1', 'ron', T0 + 2, null)).toEqual({ ok: false, why: 'decided:approved' });
    expect(await store.withdraw('ticket-key-1', 'alice', T0 + 2)).toEqual({ ok: false, why: 'decided:approved' });
  });

  it('rejects with a note, and lets only the author withdraw', async () => {
    await store.ask(asked(1));
    await store.ask(asked(2));
    expect(await store.reject('ticket-key-1', 'alice', T0 + 1, 'mine')).toEqual({ ok: false, why: 'own' });
    expect(await store.reject('ticket-key-1', 'rita', T0 + 1, 'too big')).toMatchObject({ ok: true, approval: { state: 'rejected', decidedBy: 'rita', note: 'too big' } });
    expect(await store.withdraw('ticket-key-2', 'rita', T0 + 1)).toEqual({ ok: false, why: 'not-author' });
    expect(await store.withdraw('ticket-key-2', 'alice', T0 + TTL)).toEqual({ ok: false, why: 'expired' });
    expect(await store.withdraw('ticket-key-2', 'alice', T0 + 1)).toMatchObject({ ok: true, approval: { state: 'withdrawn', decidedBy: 'alice', decidedAt: T0 + 1 } });
  });

  it('expires what is due, once, and nothing else', async () => {
    await store.ask(asked(1));
    await store.ask(asked(2, { expiresAt: T0 + TTL + 5 }));
    await store.ask(asked(3));
    await store.withdraw('ticket-key-3', 'alice', T0 + 1);
    expect(await store.expireDue(T0 + TTL - 1)).toEqual([]);
    expect(await store.expireDue(T0 + TTL)).toEqual([expect.objectContaining({ id: 'ticket-key-1', state: 'expired', decidedAt: T0 + TTL })]);
    expect(await store.expireDue(T0 + TTL + 1)).toEqual([]);
    expect((await store.get('ticket-key-3'))?.state).toBe('withdrawn');
    expect(await store.approve('ticket-key-1', 'rita', T0, null)).toEqual({ ok: false, why: 'decided:expired' });
  });

  it('finds an approval approved but never sent after a restart, and marks it sent once', async () => {
    await store.ask(asked(1));
    await store.ask(asked(2, { createdAt: T0 + 1 }));
    await store.approve('ticket-key-2', 'rita', T0 + 5, null);
    await store.approve('ticket-key-1', 'rita', T0 + 6, null);
    // The proxy stops here, between the approval and the sending.
    const restarted = place.open().approvals;
    expect((await restarted.approvedUnsent()).map((approval) => approval.id)).toEqual(['ticket-key-2', 'ticket-key-1']);
    expect(await restarted.markSent('ticket-key-2', 'ticket-key-2')).toBe(true);
    expect(await restarted.markSent('ticket-key-2', 'other')).toBe(false);
    expect(await restarted.markSent('nope', 'other')).toBe(false);
    expect((await restarted.approvedUnsent()).map((approval) => approval.id)).toEqual(['ticket-key-1']);
    expect((await restarted.get('ticket-key-2'))?.ticketId).toBe('ticket-key-2');
  });

  it('ends an approved, unsent approval failed with the reason after the approver\'s note, once', async () => {
    await store.ask(asked(1));
    await store.ask(asked(2));
    await store.approve('ticket-key-1', 'rita', T0 + 5, 'go');
    expect(await store.fail('ticket-key-2', 'refused')).toBeUndefined();
    expect(await store.fail('ticket-key-1', 'trigger crossed')).toMatchObject({ state: 'failed', note: 'go — trigger crossed', ticketId: null });
    expect(await store.fail('ticket-key-1', 'again')).toBeUndefined();
    expect(await store.markSent('ticket-key-1', 'late')).toBe(false);
    expect(await store.approvedUnsent()).toEqual([]);
    expect((await store.get('ticket-key-2'))?.state).toBe('awaiting');
  });

  describe('a race ends one way', () => {
    const ROUNDS = 25;
    type Ok = { ok: boolean };
    /** Runs two decisions at once, from two store objects (two proxies), many times; `ending` checks each round. */
    async function race(
      make: (id: string) => [() => Promise<unknown>, () => Promise<unknown>],
      ending: (state: string, one: unknown, two: unknown) => void,
    ): Promise<void> {
      for (let round = 0; round < ROUNDS; round++) {
        const id = `ticket-key-race-${round}`;
        await store.ask(asked(`race-${round}`));
        const [one, two] = make(id);
        // Which starts first alternates: neither side is favoured by the order of the calls.
        const [a, b] = round % 2 === 0 ? await Promise.all([one(), two()]) : (await Promise.all([two(), one()])).reverse();
        ending((await place.open().approvals.get(id))!.state, a, b);
      }
    }

    it('approve against expiry: approved and not expired, or expired and not approved', async () => {
      // The approver's proxy still sees time left; the sweeper's clock says it is up.
      await race(
        (id) => [() => store.approve(id, 'rita', T0 + TTL - 1, null), () => place.open().approvals.expireDue(T0 + TTL)],
        (state, approve, expired) => {
          const ending = (approve as Ok).ok ? ['approved', 0] : ['expired', 1];
          expect([state, (expired as unknown[]).length]).toEqual(ending);
        },
      );
    });

    it('approve against withdrawal', async () => {
      await race(
        (id) => [() => store.approve(id, 'rita', T0 + 1, null), () => place.open().approvals.withdraw(id, 'alice', T0 + 1)],
        (state, approve, withdraw) => {
          expect(['approved', 'withdrawn']).toContain(state);
          expect([(approve as Ok).ok, (withdraw as Ok).ok]).toEqual(state === 'approved' ? [true, false] : [false, true]);
        },
      );
    });

    it('two approvers: one approves, the other finds it decided', async () => {
      await race(
        (id) => [() => store.approve(id, 'rita', T0 + 1, null), () => place.open().approvals.approve(id, 'ron', T0 + 1, null)],
        (state, first, second) => {
          expect(state).toBe('approved');
          expect([(first as Ok).ok, (second as Ok).ok].filter(Boolean)).toHaveLength(1);
          expect([first, second]).toContainEqual({ ok: false, why: 'decided:approved' });
        },
      );
    });
  });
});

describe('an approvals table of desk.sqlite made before approvals kept why they wait', () => {
  it('gains the column when opened: its rows read with no reason, new ones keep theirs', async () => {
    const path = join(tempDir(), 'desk.sqlite');
    const old = new Database(path);
    old.exec(`CREATE TABLE approvals (id TEXT PRIMARY KEY, kind TEXT NOT NULL, account TEXT NOT NULL, author TEXT NOT NULL,
      state TEXT NOT NULL, notional TEXT NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
      decided_by TEXT, decided_at INTEGER, note TEXT, ticket_id TEXT)`);
    old.prepare(`INSERT INTO approvals VALUES ('ticket-key-old', 'ticket', 'main', 'alice', 'awaiting', '5', ?, ?, ?, NULL, NULL, NULL, NULL)`).run(JSON.stringify(body), T0, T0 + TTL);
    old.close();
    const opened = openSqliteLimits(path, undefined);
    try {
      expect(await opened.approvals.get('ticket-key-old')).toMatchObject({ id: 'ticket-key-old', state: 'awaiting', reason: null });
      expect((await opened.approvals.ask(asked('new', { reason: 'ticket' }))).approval.reason).toBe('ticket');
    } finally {
      await opened.close();
    }
  });
});
