import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { utcDay } from '@/interface';
import type { LimitsStore } from '@/proxy/desk/limitsStore';
import { openSqliteLimits } from '@/proxy/desk/sqliteLimits';
import { migratePostgres, openPostgres, type Postgres } from '@/proxy/postgres';
import { deskAdapters, keptLog, type DeskPlace } from '../helpers/deskLimits';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { tempDir } from '../helpers/stack';

let server: PostgresServer;
let pg: Postgres;
beforeAll(async () => {
  server = await startPostgres({ database: 'limits' });
  pg = openPostgres(server.url, { max: 20 });
  await migratePostgres(pg);
}, 90_000);
afterAll(async () => {
  await pg?.close();
  await server?.stop();
});

const T0 = Date.UTC(2026, 10, 25, 12);
const DAY = utcDay(T0);
const alice = { scope: 'user', name: 'alice' } as const;
const main = { scope: 'account', name: 'main' } as const;

describe.each(deskAdapters)('the limits store on %s', (_name, at) => {
  let place: DeskPlace;
  let limits: LimitsStore;
  beforeEach(async () => {
    place = await at(() => pg);
    limits = place.open().limits;
  });
  afterEach(async () => place.close());

  it('keeps a whole limit set per user and per account, with who set it and when', async () => {
    expect(await limits.get('user', 'alice')).toBeUndefined();
    await limits.set('user', 'alice', { maxOrderNotional: '25000', symbols: ['PERP_BTC_USDC'] }, 'rita', T0);
    await limits.set('account', 'alice', { tradingOff: true }, 'rita', T0 + 1);
    await limits.set('user', 'alice', { maxDayNotional: '0.3', approvalAbove: '10' }, 'ron', T0 + 2);
    expect(await place.open().limits.get('user', 'alice')).toEqual({
      scope: 'user', name: 'alice', limits: { maxDayNotional: '0.3', approvalAbove: '10' }, updatedBy: 'ron', updatedAt: T0 + 2,
    });
    await limits.set('user', 'bob', {}, 'rita', T0 + 3);
    expect((await limits.list()).map((row) => `${row.scope}:${row.name}`)).toEqual(['account:alice', 'user:alice', 'user:bob']);
    expect((await limits.list('user')).map((row) => row.name)).toEqual(['alice', 'bob']);
  });

  it('reads a stored value that is no limit set as trading off, and says so in the log', async () => {
    await limits.set('user', 'alice', { maxOrderNotional: '5' }, 'rita', T0);
    await limits.set('user', 'bob', { maxOrderNotional: '5' }, 'rita', T0);
    await place.raw("UPDATE limit_sets SET limits = ? WHERE name = 'alice'", ['{"maxOrderNotional": 5}']);
    await place.raw("UPDATE limit_sets SET limits = ? WHERE name = 'bob'", ['not json']);
    const log = keptLog();
    const read = place.open(log).limits;
    expect(await read.get('user', 'alice')).toMatchObject({ limits: { tradingOff: true }, unreadable: expect.stringContaining('maxOrderNotional') });
    expect((await read.list()).map((row) => row.limits)).toEqual([{ tradingOff: true }, { tradingOff: true }]);
    expect(log.lines[0]).toBe('the stored limits of user alice do not read: trading is off for it until its limits are set again');
  });

  it('sums the day exactly, and counts a day from UTC midnight to UTC midnight', async () => {
    const midnight = Date.UTC(2026, 10, 26);
    const [before, after] = [utcDay(midnight - 1), utcDay(midnight)];
    expect(await limits.reserve(before, [alice, main], '0.1')).toEqual({ ok: true });
    expect(await limits.reserve(before, [alice], '0.2')).toEqual({ ok: true });
    expect(await limits.reserve(after, [alice, { ...main, max: '0.7' }], '0.7')).toEqual({ ok: true });
    expect(await limits.usage(before, 'user', 'alice')).toBe('0.3');
    expect(await limits.usage(before, 'account', 'main')).toBe('0.1');
    expect(await limits.usage(after, 'user', 'alice')).toBe('0.7');
    expect(await limits.usage(after, 'account', 'main')).toBe('0.7');
    expect(await limits.usage(after, 'user', 'bob')).toBe('0');
    // A new day starts from nothing: what would pass the limit yesterday fits today.
    expect(await limits.reserve(before, [{ ...alice, max: '1' }], '0.70000001')).toMatchObject({ ok: false });
    expect(await limits.reserve(utcDay(midnight + 86_400_000), [{ ...alice, max: '1' }], '1')).toEqual({ ok: true });
  });

  it('refuses a reservation over any day limit whole, naming the first scope over', async () => {
    await limits.reserve(DAY, [alice, main], '90');
    const refused = await limits.reserve(DAY, [{ ...alice, max: '100' }, { ...main, max: '95.5' }], '5.50000001');
    expect(refused).toEqual({ ok: false, scope: 'account', name: 'main', used: '90', max: '95.5' });
    expect(await limits.usage(DAY, 'user', 'alice')).toBe('90');
    expect(await limits.reserve(DAY, [{ ...main, max: '95.5' }, { ...alice, max: '95' }], '6')).toMatchObject({ scope: 'account' });
    expect(await limits.reserve(DAY, [{ ...alice, max: '100' }, { ...main, max: '95.5' }], '5.5')).toEqual({ ok: true });
    expect(await limits.usage(DAY, 'account', 'main')).toBe('95.5');
    await expect(limits.reserve(DAY, [alice], '-5')).rejects.toThrow('amount: expected a non-negative decimal, not "-5"');
  });

  it('takes a released amount back, never below nothing', async () => {
    await limits.reserve(DAY, [alice, main], '10.25');
    await limits.release(DAY, [alice, main], '0.25');
    expect(await limits.usage(DAY, 'user', 'alice')).toBe('10');
    await limits.release(DAY, [main], '11');
    expect(await limits.usage(DAY, 'account', 'main')).toBe('0');
  });

  it('lets tickets reserving at once take the day limit exactly to its end, never past it', async () => {
    for (let round = 0; round < 3; round++) {
      const day = utcDay(T0 + round * 86_400_000);
      const other = place.open().limits;
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? limits : other).reserve(day, [{ ...alice, max: '25' }, { ...main, max: '1000' }], '1')),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(25);
      expect(await limits.usage(day, 'user', 'alice')).toBe('25');
      expect(await limits.usage(day, 'account', 'main')).toBe('25');
    }
  });
});

describe('desk.sqlite', () => {
  it("is the user's alone, beside the journal", async () => {
    const path = join(tempDir('desk-mode-'), 'desk.sqlite');
    const stores = openSqliteLimits(path);
    await stores.limits.set('user', 'alice', {}, 'rita', T0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    await stores.close();
  });
});
