import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LimitSet } from '@/interface';
import { runDeskCommand, UsageError, type DeskCommandContext } from '@/proxy/desk/commands';
import type { LimitsStore } from '@/proxy/desk/limitsStore';
import type { DeskPeople } from '@/proxy/desk/people';
import { PostgresLimitsStore } from '@/proxy/desk/postgresLimits';
import { PostgresPeople } from '@/proxy/desk/postgresPeople';
import { openSqliteLimits } from '@/proxy/desk/sqliteLimits';
import { SqlitePeople } from '@/proxy/desk/sqlitePeople';
import { migratePostgres, openPostgres } from '@/proxy/postgres';
import { PostgresSessionStore, SqliteSessionStore } from '@/proxy/sessions';
import { deskCommand } from '../helpers/deskCommand';
import { createDatabase, startPostgres, type PostgresServer } from '../helpers/postgres';
import { tempDir } from '../helpers/stack';

const T0 = Date.UTC(2026, 10, 27, 9, 30);
const AT = new Date(T0).toISOString();

const closers: (() => Promise<unknown>)[] = [];
let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres({ database: 'desk_limits_command' });
  closers.push(() => server.stop());
}, 90_000);
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
});

interface Desk {
  /** Runs one command line in this process; what it printed, or the UsageError it threw. */
  run(...args: string[]): Promise<string[]>;
  people: DeskPeople;
  limits: LimitsStore;
  /** The environment `npm run desk` needs to reach the same store. */
  env: Record<string, string>;
}

function deskOn(stores: Pick<DeskCommandContext, 'people' | 'sessions' | 'limits'>, env: Record<string, string>): Desk {
  return {
    ...stores,
    env,
    run: async (...args) => {
      const printed: string[] = [];
      await runDeskCommand(args, { ...stores, terminalUrl: 'http://127.0.0.1:8080/', print: (line) => printed.push(line), now: () => T0 });
      return printed;
    },
  };
}

let databases = 0;
const engines: [string, () => Promise<Desk>][] = [
  [
    'SQLite',
    async () => {
      const dir = tempDir();
      const people = new SqlitePeople(join(dir, 'desk.sqlite'));
      const sessions = new SqliteSessionStore(join(dir, 'sessions.sqlite'), 5);
      const limits = openSqliteLimits(join(dir, 'desk.sqlite'));
      closers.push(() => people.close(), () => sessions.close(), limits.close);
      return deskOn({ people, sessions, limits: limits.limits }, { DATA_DIR: dir });
    },
  ],
  [
    'PostgreSQL',
    async () => {
      // A database of its own: the audit is append-only, so one test's records cannot be cleared for the next.
      const url = await createDatabase(server, `limits_${++databases}`);
      const pg = openPostgres(url, { max: 2 });
      closers.push(() => pg.close());
      await migratePostgres(pg);
      const stores = { people: new PostgresPeople(pg), sessions: new PostgresSessionStore(pg, 5), limits: new PostgresLimitsStore(pg) };
      return deskOn(stores, { DATABASE_URL: url, DATA_DIR: tempDir() });
    },
  ],
];

const inProcess = deskCommand;

const limitsChanges = async (desk: Desk) => (await desk.people.list({ action: 'limits-changed', limit: 100 })).rows;

describe.each(engines)('npm run desk -- limits on %s', (_engine, open) => {
  let desk: Desk;
  const withAlice = async () => {
    desk = await open();
    await desk.run('user', 'add', 'alice', '--role', 'trader', '--accounts', 'main');
  };

  it('set changes only the limits named, "none" lifts one, and each change is audited with before and after', async () => {
    await withAlice();
    expect(await desk.run('limits', 'set', 'user', 'alice', '--max-order', '25000', '--symbols', 'PERP_BTC_USDC,PERP_ETH_USDC')).toEqual([
      `user     alice            max order 25000, symbols PERP_BTC_USDC PERP_ETH_USDC  changed by cli at ${AT}`,
    ]);
    await desk.run('limits', 'set', 'user', 'alice', '--max-day', '100000.5', '--max-open-held', '3', '--trading', 'off', '--approval-above', '10000', '--approval-free-day', '50000');
    const full: LimitSet = {
      maxOrderNotional: '25000',
      symbols: ['PERP_BTC_USDC', 'PERP_ETH_USDC'],
      maxDayNotional: '100000.5',
      maxOpenHeld: 3,
      tradingOff: true,
      approvalAbove: '10000',
      approvalFreeDay: '50000',
    };
    expect(await desk.limits.get('user', 'alice')).toEqual({ scope: 'user', name: 'alice', limits: full, updatedBy: 'cli', updatedAt: T0 });
    await desk.run('limits', 'set', 'user', 'alice', '--max-order', 'none', '--trading', 'on', '--symbols', 'all', '--max-ticket', '40000');
    const lifted: LimitSet = { maxTicketNotional: '40000', maxDayNotional: '100000.5', maxOpenHeld: 3, approvalAbove: '10000', approvalFreeDay: '50000' };
    expect((await desk.limits.get('user', 'alice'))?.limits).toEqual(lifted);

    const audited = await limitsChanges(desk);
    expect(audited.map(({ actor, subject, address, detail }) => ({ actor, subject, address, detail }))).toEqual([
      { actor: 'cli', subject: 'alice', address: null, detail: { scope: 'user', before: full, after: lifted } },
      { actor: 'cli', subject: 'alice', address: null, detail: { scope: 'user', before: { maxOrderNotional: '25000', symbols: full.symbols }, after: full } },
      { actor: 'cli', subject: 'alice', address: null, detail: { scope: 'user', before: {}, after: { maxOrderNotional: '25000', symbols: full.symbols } } },
    ]);
  });

  it('a bad value is named by its option, as a usage error, and nothing is written', async () => {
    await withAlice();
    await desk.run('limits', 'set', 'user', 'alice', '--max-order', '100');
    await desk.run('limits', 'set', 'account', 'main', '--max-day', '500');
    const cases: [string[], RegExp][] = [
      [['set', 'user', 'alice', '--max-order', 'lots'], /^--max-order "lots": expected a non-negative decimal/],
      [['set', 'user', 'alice', '--max-ticket', '-5'], /^--max-ticket "-5": expected a non-negative decimal/],
      [['set', 'user', 'alice', '--max-order', '1', '--max-day', '1e6'], /^--max-day "1e6": expected a non-negative decimal/],
      [['set', 'user', 'alice', '--max-open-held', '2.5'], /^--max-open-held "2.5": expected a whole number of held orders/],
      [['set', 'user', 'alice', '--symbols', 'PERP_BTC_USDC,perp_eth_usdc'], /^--symbols "perp_eth_usdc": expected a symbol/],
      [['set', 'user', 'alice', '--symbols', 'none'], /^--symbols: give the symbols it may trade .*"all" to lift the limit/],
      [['set', 'user', 'alice', '--trading', 'maybe'], /^--trading: "maybe" is not on or off/],
      [['set', 'user', 'alice', '--approval', '5'], /^unknown option --approval/],
      [['set', 'user', 'alice'], /^limits set: give the limits to change \(--max-order, /],
      [['set', 'account', 'main', '--approval-above', '5'], /^--approval-above: a user's limit only/],
      [['set', 'account', 'main', '--approval-free-day', '5'], /^--approval-free-day: a user's limit only/],
      [['set', 'user', 'nobody', '--max-order', '5'], /^NAME: no user named nobody \(see: user list\)/],
      [['clear', 'user', 'nobody'], /^NAME: no user named nobody/],
      [['set', 'account', 'Main', '--max-order', '5'], /^NAME "Main": expected 1 to 32 lower-case letters/],
      [['set', 'desk', 'main', '--max-order', '5'], /^limits set: "desk" is not user or account/],
      [['set', 'account'], /^NAME: give the account's name/],
      [['clear', 'account', 'main', 'hedge'], /^limits clear: unexpected "hedge"/],
      [['raise'], /^limits: unknown command "raise" \(list, set, clear\)/],
    ];
    for (const [args, message] of cases) {
      const run = desk.run('limits', ...args);
      await expect(run, args.join(' ')).rejects.toThrow(UsageError);
      await expect(run, args.join(' ')).rejects.toThrow(message);
    }
    expect((await desk.limits.list()).map(({ scope, name, limits }) => ({ scope, name, limits }))).toEqual([
      { scope: 'account', name: 'main', limits: { maxDayNotional: '500' } },
      { scope: 'user', name: 'alice', limits: { maxOrderNotional: '100' } },
    ]);
    expect(await limitsChanges(desk)).toHaveLength(2);
  });

  it('clear lifts every limit; list shows each set, who changed it and when', async () => {
    await withAlice();
    expect(await desk.run('limits', 'list')).toEqual(['No limits set: every user and account trades without desk limits (limits set … sets some).']);
    await desk.limits.set('account', 'main', { maxDayNotional: '500000', symbols: ['PERP_BTC_USDC'] }, 'rita', T0 - 60_000);
    await desk.run('limits', 'set', 'user', 'alice', '--max-order', '1000', '--trading', 'off');
    await desk.run('limits', 'set', 'account', 'hedge', '--max-open-held', '0');
    expect(await desk.run('limits', 'list')).toEqual([
      `account  hedge            max open held 0  changed by cli at ${AT}`,
      `account  main             max day 500000, symbols PERP_BTC_USDC  changed by rita at ${new Date(T0 - 60_000).toISOString()}`,
      `user     alice            max order 1000, trading off  changed by cli at ${AT}`,
    ]);
    expect(await desk.run('limits', 'clear', 'user', 'alice')).toEqual([`user     alice            no limits  changed by cli at ${AT}`]);
    expect(await desk.run('limits', 'clear', 'account', 'main')).toEqual([`account  main             no limits  changed by cli at ${AT}`]);
    expect((await desk.limits.get('user', 'alice'))?.limits).toEqual({});
    expect((await desk.limits.get('account', 'main'))?.limits).toEqual({});
    expect((await limitsChanges(desk)).slice(0, 2).map((row) => [row.subject, row.detail])).toEqual([
      ['main', { scope: 'account', before: { maxDayNotional: '500000', symbols: ['PERP_BTC_USDC'] }, after: {} }],
      ['alice', { scope: 'user', before: { maxOrderNotional: '1000', tradingOff: true }, after: {} }],
    ]);
  });

  it('a stored set that does not read stays trading off under a change, and the audit says why', async () => {
    await withAlice();
    await desk.limits.set('user', 'alice', { maxOrderNotional: 'lots' } as LimitSet, 'someone', T0 - 1);
    expect((await desk.run('limits', 'list'))[0]).toMatch(/^user {5}alice {12}trading off \(the stored value does not read: maxOrderNotional: /);
    await desk.run('limits', 'set', 'user', 'alice', '--max-order', '200');
    expect((await desk.limits.get('user', 'alice'))?.limits).toEqual({ tradingOff: true, maxOrderNotional: '200' });
    const [change] = await limitsChanges(desk);
    expect(change?.detail).toMatchObject({ before: { tradingOff: true }, unreadable: expect.stringContaining('maxOrderNotional') });
  });

  it('works as npm run desk, on the store the proxy uses (exit 2 naming the option on a bad value)', async () => {
    await withAlice();
    const set = await inProcess(desk.env, 'limits', 'set', 'user', 'alice', '--max-order', '750', '--approval-above', '300');
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/^user {5}alice {12}max order 750, approval above 300 {2}changed by cli at /);
    expect((await desk.limits.get('user', 'alice'))?.limits).toEqual({ maxOrderNotional: '750', approvalAbove: '300' });
    const bad = await inProcess(desk.env, 'limits', 'set', 'account', 'main', '--max-day', 'lots');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^--max-day "lots": expected a non-negative decimal[^]*usage: npm run desk -- <command>[^]*limits set user\|account NAME/);
    const listed = await inProcess(desk.env, 'limits', 'list');
    expect(listed).toMatchObject({ code: 0, stdout: expect.stringMatching(/^user {5}alice {12}max order 750, approval above 300 {2}changed by cli at \S+\n$/) });
  });
});
