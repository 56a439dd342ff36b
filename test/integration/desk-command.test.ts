import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type ProxyOptions } from '@/proxy';
import { runDeskCommand, UsageError } from '@/proxy/desk/commands';
import { openSqliteLimits } from '@/proxy/desk/sqliteLimits';
import { SqlitePeople } from '@/proxy/desk/sqlitePeople';
import { SqliteSessionStore } from '@/proxy/sessions';
import { deskCommand } from '../helpers/deskCommand';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { login, serviceWithAccount, tempDir, TOKEN } from '../helpers/stack';


let running: Awaited<ReturnType<typeof serviceWithAccount>>;
const closers: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  running = await serviceWithAccount();
  closers.push(() => running.service.close());
});
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
});

const desk = deskCommand;

const tokenIn = (stdout: string) => {
  const token = /\?token=([A-Za-z0-9_-]{43})\s*$/m.exec(stdout)?.[1];
  if (!token) throw new Error(`no login link in:\n${stdout}`);
  return token;
};

async function proxyOn(options: Partial<ProxyOptions>) {
  const proxy = await startProxy({
    serviceBaseUrl: running.service.url,
    embedded: true,
    account: running.account,
    journalPath: join(tempDir(), 'journal.sqlite'),
    host: '127.0.0.1',
    port: 0,
    terminalToken: TOKEN,
    ...options,
  });
  closers.push(() => proxy.close());
  const session = (cookie: string) => fetch(`${proxy.url}api/session`, { headers: { cookie } });
  return { proxy, session };
}

describe('npm run desk on SQLite, while the proxy runs', () => {
  it('adds the first user, whose printed link signs in; disabled, their next request is refused', async () => {
    const dataDir = tempDir();
    const { proxy, session } = await proxyOn({ journalPath: join(dataDir, 'journal.sqlite') });
    const env = { DATA_DIR: dataDir, PORT: '8123' };
    const tokenSession = await login(proxy.url);
    const added = await desk(env, 'user', 'add', 'alice', '--role', 'trader,risk', '--accounts', 'main');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('alice added (trader, risk; accounts main).');
    expect(added.stdout).toMatch(/^ {2}http:\/\/127\.0\.0\.1:8123\/\?token=/m);
    // Nothing listens on 8123: the link is the command's guess, and it says so.
    expect(added.stdout).toContain('No proxy answered at http://127.0.0.1:8123/ just now');
    expect((await session(tokenSession)).status).toBe(401);
    const alice = await login(proxy.url, tokenIn(added.stdout));
    const me = (await (await session(alice)).json()) as { data: { person: unknown } };
    expect(me.data.person).toEqual({ name: 'alice', roles: ['trader', 'risk'], accounts: ['main'], implicit: false });

    const disabled = await desk(env, 'user', 'disable', 'alice');
    expect(disabled).toMatchObject({ code: 0, stdout: 'alice disabled; 1 session(s) ended.\n' });
    expect((await session(alice)).status).toBe(401);
    // Enabled again, the old session stays ended: a new link is needed.
    expect((await desk(env, 'user', 'enable', 'alice')).code).toBe(0);
    expect((await session(alice)).status).toBe(401);
    // With the proxy's own port the link is its address, and nothing more is said.
    const linked = await desk({ ...env, PORT: new URL(proxy.url).port }, 'user', 'link', 'alice');
    expect(linked.stdout).not.toContain('No proxy answered');
    expect((await session(await login(proxy.url, tokenIn(linked.stdout)))).status).toBe(200);

    const listed = await desk(env, 'user', 'list');
    expect(listed.stdout).toMatch(/^alice\s+trader, risk; accounts main {2}since /);
    const audit = await desk(env, 'audit', '--actor', 'cli', '--limit', '10');
    expect(audit.stdout.split('\n').filter(Boolean).map((line) => line.split(/\s+/).slice(1, 4).join(' '))).toEqual([
      'cli link-issued alice',
      'cli user-changed alice',
      'cli user-disabled alice',
      'cli link-issued alice',
      'cli user-added alice',
    ]);
  });

  it('names the bad argument (exit 2, with the usage)', async () => {
    const dir = tempDir();
    const limits = openSqliteLimits(join(dir, 'desk.sqlite'));
    const context = {
      people: new SqlitePeople(join(dir, 'desk.sqlite')),
      sessions: new SqliteSessionStore(join(dir, 'sessions.sqlite'), 5),
      limits: limits.limits,
    };
    closers.push(() => context.people.close(), () => context.sessions.close(), limits.close);
    const cases: [string[], RegExp][] = [
      [['user', 'add', 'Bob', '--role', 'viewer'], /^NAME "Bob": expected 1 to 32 lower-case letters/],
      [['user', 'add', 'proxy', '--role', 'risk'], /^NAME "proxy": the audit trail writes proxy, cli, terminal for the proxy/],
      [['user', 'add', 'bob', '--role', 'boss'], /^--role: "boss" is not a role \(trader, risk, viewer, admin\)/],
      [['user', 'add', 'bob', '--role', 'trader'], /^--accounts: a trader trades named accounts/],
      [['user', 'add', 'bob', '--role', 'viewer', '--accounts', 'Main'], /^--accounts: "Main" is not an account name/],
      [['user', 'add', 'bob', '--role', 'viewer', '--color', 'red'], /^unknown option --color/],
      [['user', 'add', 'bob', '--role'], /^--role: give a value/],
      [['user', 'disable', 'nobody'], /^NAME: no user named nobody/],
      [['audit', '--limit', 'many'], /^--limit: /],
      [['audit', '--action', 'dance'], /^--action: "dance" is not an audit action/],
      [['users'], /^unknown command "users" \(user, limits, audit\)/],
    ];
    for (const [args, message] of cases) {
      const run = runDeskCommand(args, { ...context, terminalUrl: 'http://127.0.0.1:8080/', print: () => undefined });
      await expect(run, args.join(' ')).rejects.toThrow(UsageError);
      await expect(run, args.join(' ')).rejects.toThrow(message);
    }
    const answer = await desk({ DATA_DIR: dir }, 'user', 'add', 'bob', '--role', 'boss');
    expect(answer.code).toBe(2);
    expect(answer.stderr).toMatch(/^--role: "boss" is not a role[^]*usage: npm run desk -- <command>/);
  });
});

describe('npm run desk on PostgreSQL, two proxies', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres({ database: 'desk_command' });
    closers.push(() => server.stop());
  });

  it('a user disabled from the command line is refused at once on every proxy', async () => {
    const one = await proxyOn({ databaseUrl: server.url });
    const two = await proxyOn({ databaseUrl: server.url });
    const env = { DATABASE_URL: server.url, DATA_DIR: tempDir() };
    const added = await desk(env, 'user', 'add', 'bob', '--role', 'viewer');
    expect(added.code).toBe(0);
    const bob = await login(one.proxy.url, tokenIn(added.stdout));
    expect((await one.session(bob)).status).toBe(200);
    expect((await two.session(bob)).status).toBe(200);
    expect((await desk(env, 'user', 'disable', 'bob')).code).toBe(0);
    expect((await one.session(bob)).status).toBe(401);
    expect((await two.session(bob)).status).toBe(401);
  });
});
