import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy } from '@/proxy';
import { login, serviceWithAccount, tempDir } from '../helpers/stack';

const { service, account } = await serviceWithAccount();
afterAll(() => service.close());

const TOKEN_A = 'token-a-0123456789abcdef';
const TOKEN_B = 'token-b-0123456789abcdef';

async function proxyOn(journalPath: string, terminalToken: string, extra: Record<string, unknown> = {}) {
  const lines: string[] = [];
  const proxy = await startProxy({
    serviceBaseUrl: service.url,
    embedded: true,
    account,
    journalPath,
    host: '127.0.0.1',
    port: 0,
    terminalToken,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    ...extra,
  });
  const origin = proxy.url.replace(/\/$/, '');
  const get = (path: string, cookie: string) => fetch(origin + path, { headers: { cookie } }).then((r) => r.status);
  const post = (path: string, cookie: string) =>
    fetch(origin + path, { method: 'POST', headers: { cookie, origin } }).then((r) => r.status);
  return { proxy, origin, lines, get, post };
}

describe('sessions', () => {
  it('end when the proxy restarts with another TERMINAL_TOKEN, and survive a restart with the same one', async () => {
    const journalPath = join(tempDir(), 'journal.sqlite');
    let running = await proxyOn(journalPath, TOKEN_A);
    const cookie = await login(running.proxy.url, TOKEN_A);
    expect(await running.get('/api/session', cookie)).toBe(200);
    await running.proxy.close();

    running = await proxyOn(journalPath, TOKEN_A);
    // A new port, a new cookie name: send the old value under this proxy's name.
    const renamed = (value: string) => `terminal_session_${new URL(running.origin).port}=${value.split('=')[1]}`;
    expect(await running.get('/api/session', renamed(cookie))).toBe(200);
    await running.proxy.close();

    running = await proxyOn(journalPath, TOKEN_B);
    expect(await running.get('/api/session', renamed(cookie))).toBe(401);
    expect(running.lines.join('')).toMatch(/the terminal token changed: sessions made with the old one ended/);
    await running.proxy.close();
  });

  it('log out one by one, or all at once', async () => {
    const running = await proxyOn(join(tempDir(), 'journal.sqlite'), TOKEN_A);
    try {
      const first = await login(running.proxy.url, TOKEN_A);
      const second = await login(running.proxy.url, TOKEN_A);
      const third = await login(running.proxy.url, TOKEN_A);
      expect(await running.post('/api/session/logout', first)).toBe(200);
      expect(await running.get('/api/orders', first)).toBe(401);
      expect(await running.get('/api/orders', second)).toBe(200);
      expect(await running.post('/api/sessions/end-all', second)).toBe(200);
      expect(await running.get('/api/orders', second)).toBe(401);
      expect(await running.get('/api/orders', third)).toBe(401);
      // Logging out is a state change: another site cannot do it for the trader.
      const fourth = await login(running.proxy.url, TOKEN_A);
      const forged = await fetch(`${running.origin}/api/session/logout`, {
        method: 'POST',
        headers: { cookie: fourth, origin: 'http://evil.example' },
      });
      expect(forged.status).toBe(403);
      expect(await running.get('/api/orders', fourth)).toBe(200);
    } finally {
      await running.proxy.close();
    }
  });

  it('are bounded: the oldest go when more than MAX_SESSIONS are made', async () => {
    const running = await proxyOn(join(tempDir(), 'journal.sqlite'), TOKEN_A, { maxSessions: 3 });
    try {
      const cookies: string[] = [];
      for (let i = 0; i < 5; i++) {
        cookies.push(await login(running.proxy.url, TOKEN_A));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const statuses = await Promise.all(cookies.map((cookie) => running.get('/api/session', cookie)));
      expect(statuses).toEqual([401, 401, 200, 200, 200]);
    } finally {
      await running.proxy.close();
    }
  });

  it('refuse a client after five wrong tokens, and log each failure without the token', async () => {
    const running = await proxyOn(join(tempDir(), 'journal.sqlite'), TOKEN_A);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${running.origin}/?token=guess-${i}-secretish-0000`, { redirect: 'manual' });
        statuses.push(response.status);
        if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
      // The right token is refused too from that client for the rest of the window.
      const right = await fetch(`${running.origin}/?token=${TOKEN_A}`, { redirect: 'manual' });
      expect(right.status).toBe(429);
      expect(right.headers.get('set-cookie')).toBeNull();
      const log = running.lines.join('');
      expect(log.match(/login refused: wrong or used token/g)).toHaveLength(5);
      expect(log).toMatch(/login refused: too many wrong tokens/);
      expect(log).not.toMatch(/guess-\d-secretish/);
      expect(log).not.toContain(TOKEN_A);
    } finally {
      await running.proxy.close();
    }
  });

  it('are kept in a file of their own, private to the user like the journal and its folder', async () => {
    const dir = join(tempDir(), 'data');
    const journalPath = join(dir, 'journal.sqlite');
    const running = await proxyOn(journalPath, TOKEN_A);
    try {
      await login(running.proxy.url, TOKEN_A);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      for (const file of ['journal.sqlite', 'journal.sqlite-wal', 'sessions.sqlite']) {
        expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
      }
    } finally {
      await running.proxy.close();
    }
  });

  it('answer only on loopback names and ALLOWED_HOSTS', async () => {
    const running = await proxyOn(join(tempDir(), 'journal.sqlite'), TOKEN_A, { allowedHosts: ['trader.lan'] });
    const { rawRequest } = await import('../helpers/rawHttp');
    const port = Number(new URL(running.origin).port);
    try {
      expect((await rawRequest(port, 'GET', '/v1/public/futures', { host: `trader.lan:${port}` })).status).toBe(200);
      expect((await rawRequest(port, 'GET', '/v1/public/futures', { host: `TRADER.LAN:${port}` })).status).toBe(200);
      expect((await rawRequest(port, 'GET', '/v1/public/futures', { host: `localhost:${port}` })).status).toBe(200);
      expect((await rawRequest(port, 'GET', '/v1/public/futures', { host: `evil.example:${port}` })).status).toBe(403);
      expect((await rawRequest(port, 'GET', '/v1/public/futures', { host: `trader.lan.evil.example` })).status).toBe(403);
    } finally {
      await running.proxy.close();
    }
  });
});
