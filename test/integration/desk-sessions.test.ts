import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type ProxyOptions } from '@/proxy';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { login, serviceWithAccount, tempDir, TOKEN } from '../helpers/stack';
import { startTcpSwitch } from '../helpers/tcpSwitch';

let server: PostgresServer;
let running: Awaited<ReturnType<typeof serviceWithAccount>>;
const closers: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  server = await startPostgres({ database: 'desk' });
  closers.push(() => server.stop());
  running = await serviceWithAccount();
  closers.push(() => running.service.close());
});
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
});

/** One proxy of the desk: its own journal file, the desk's database for sessions. */
async function deskProxy(databaseUrl: string, extra: Partial<ProxyOptions> = {}) {
  const lines: string[] = [];
  const proxy = await startProxy({
    serviceBaseUrl: running.service.url,
    embedded: true,
    account: running.account,
    journalPath: join(tempDir(), 'journal.sqlite'),
    host: '127.0.0.1',
    port: 0,
    terminalToken: TOKEN,
    databaseUrl,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    ...extra,
  });
  closers.push(() => proxy.close());
  const origin = proxy.url.replace(/\/$/, '');
  const get = (path: string, cookie = '') => fetch(origin + path, { headers: { cookie }, redirect: 'manual' });
  const post = (path: string, cookie: string) => fetch(origin + path, { method: 'POST', headers: { cookie, origin } });
  return { proxy, lines, get, post };
}

describe('two proxies on one database', () => {
  it('share sessions: made on one, used and ended on the other, refused by the first', async () => {
    const first = await deskProxy(server.url);
    const second = await deskProxy(server.url);
    const cookie = await login(first.proxy.url);
    expect(cookie).toMatch(/^terminal_session_desk=[A-Za-z0-9_-]{43}$/);
    expect((await first.get('/api/session', cookie)).status).toBe(200);
    expect((await second.get('/api/session', cookie)).status).toBe(200);
    expect((await second.post('/api/session/logout', cookie)).status).toBe(200);
    expect((await second.get('/api/session', cookie)).status).toBe(401);
    expect((await first.get('/api/session', cookie)).status).toBe(401);
  });
});

describe('when the database goes away', () => {
  it('answers 503 where a session is needed, serves what is public, and recovers by itself', async () => {
    const relay = await startTcpSwitch(server.port);
    closers.push(() => relay.close());
    const desk = await deskProxy(server.url.replace(`:${server.port}/`, `:${relay.port}/`));
    const cookie = await login(desk.proxy.url);
    relay.cut();
    for (let i = 0; i < 3; i++) {
      const answer = await desk.get('/api/session', cookie);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(((await answer.json()) as { message: string }).message).toMatch(/^the journal is unavailable: /);
    }
    expect((await desk.get(`/?token=${TOKEN}`)).status).toBe(503);
    expect((await desk.post('/api/session/logout', cookie)).status).toBe(503);
    expect((await desk.get('/v1/public/futures', cookie)).status).toBe(200);
    relay.restore();
    expect((await desk.get('/api/session', cookie)).status).toBe(200);
    const outage = desk.lines.filter((line) => line.includes('the database is'));
    expect(outage.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'the database is unavailable: tickets and logins wait for it',
      'the database is available again',
    ]);
  });

  it('stops a start that cannot reach it, in one line without the password', async () => {
    const relay = await startTcpSwitch(server.port);
    closers.push(() => relay.close());
    relay.cut();
    const url = server.url.replace('postgres://postgres@', 'postgres://postgres:hunter2-pw@').replace(`:${server.port}/`, `:${relay.port}/`);
    const start = deskProxy(url);
    await expect(start).rejects.toThrow(/^the journal is unavailable: /);
    await expect(start).rejects.not.toThrow(/hunter2/);
  });
});
