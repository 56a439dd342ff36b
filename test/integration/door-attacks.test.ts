import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Door, SqliteSessionStore } from '@/proxy/sessions';
import { HEADERS_TOO_LARGE } from '@/proxy/sessions/oversizedHeaders';
import { startApp } from '../helpers/app';
import { rawRequest } from '../helpers/rawHttp';
import { startStack, tempDir, TOKEN } from '../helpers/stack';

/** What an `<img src="http://127.0.0.1:PORT/…">` on a page of another site sends. */
const IMAGE_FROM_ANOTHER_SITE = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' };
/** What the trader pasting the link into the address bar sends. */
const ADDRESS_BAR = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

const portOf = (origin: string) => Number(new URL(origin).port);

describe('a web page on the same machine (review findings, as the review did them)', () => {
  it('cannot make the page or the login answer 429 by loading it as images', async () => {
    const stack = await startStack({ signIn: false });
    try {
      const port = portOf(stack.origin);
      const statuses = new Set<number>();
      for (let i = 0; i < 40; i++) statuses.add((await rawRequest(port, 'GET', `/?n=${i}`, IMAGE_FROM_ANOTHER_SITE)).status);
      for (let i = 0; i < 10; i++) statuses.add((await rawRequest(port, 'GET', `/?token=wrong-${i}-0000000000`, IMAGE_FROM_ANOTHER_SITE)).status);
      expect(statuses.has(429)).toBe(false);
      // The page itself, as the trader's browser asks for it, and the right link: never limited.
      expect((await rawRequest(port, 'GET', '/', ADDRESS_BAR)).status).not.toBe(429);
      const mine = await rawRequest(port, 'GET', `/?token=${TOKEN}`, ADDRESS_BAR);
      expect(mine.status).toBe(303);
      expect(mine.headers).toMatch(/set-cookie: terminal_session_\d+=/i);
    } finally {
      await stack.close();
    }
  });

  it('a navigation another page starts (same-site: another port) is refused uncounted', async () => {
    const stack = await startStack({ signIn: false });
    try {
      const port = portOf(stack.origin);
      const started = { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
      for (let i = 0; i < 8; i++) expect((await rawRequest(port, 'GET', `/?token=wrong-${i}-0000000000`, started)).status).toBe(403);
      expect((await rawRequest(port, 'GET', `/?token=${TOKEN}`, ADDRESS_BAR)).status).toBe(303);
    } finally {
      await stack.close();
    }
  });

  it("cannot use up the trader's rate limit with the trader's cookie from another port of 127.0.0.1", async () => {
    const stack = await startStack();
    try {
      const port = portOf(stack.origin);
      const page = { cookie: stack.cookie, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' };
      const frame = { cookie: stack.cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' };
      // Well over a second's limit (50), as fast as they go: each refused before it is counted.
      const statuses = await Promise.all(
        Array.from({ length: 120 }, (_, i) => rawRequest(port, 'GET', i % 2 ? '/api/session' : '/api/orders', i % 3 ? page : frame).then((answer) => answer.status)),
      );
      expect(new Set(statuses)).toEqual(new Set([403]));
      // The terminal's own reads, at once after them: answered, not 429.
      const own = await Promise.all(Array.from({ length: 5 }, () => stack.call('/api/session').then((answer) => answer.status)));
      expect(own).toEqual([200, 200, 200, 200, 200]);
      // A trader opening a session route from the address bar, or a link on another site opening it in a tab, still works.
      expect((await rawRequest(port, 'GET', '/api/session', { cookie: stack.cookie, ...ADDRESS_BAR })).status).toBe(200);
      const linked = { cookie: stack.cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
      expect((await rawRequest(port, 'GET', '/api/session', linked)).status).not.toBe(403);
    } finally {
      await stack.close();
    }
  });

  it('finds the session behind any number of planted values of its name, and signs out through them', async () => {
    const stack = await startStack();
    try {
      const [name, value] = stack.cookie.split('=');
      // What the browser sends after a page on another port set our name on longer paths.
      const planted = Array.from({ length: 12 }, (_, i) => `${name}=${'A'.repeat(42)}${i % 10}`).join('; ');
      const both = `${planted}; ${name}=${value}`;
      const call = (path: string, cookie: string, method = 'GET') =>
        fetch(stack.origin + path, { method, headers: { cookie, origin: stack.origin } }).then((r) => r.status);
      expect(await call('/api/session', both)).toBe(200);
      expect(await call('/api/tape/candles?symbol=PERP_BTC_USDC&resolution=1&from=0&to=60', both)).not.toBe(401);
      // Only planted values, of every shape: 401, never a 5xx.
      for (const odd of [planted, `${name}=`, `${name}=%ZZ; ${name}=${'é'.repeat(50)}`, `${name}=${'x'.repeat(3000)}`]) {
        expect(await call('/api/session', odd)).toBe(401);
      }
      expect(await call('/api/sessions/end-all', both, 'POST')).toBe(200);
      expect(await call('/api/session', `${name}=${value}`)).toBe(401);
    } finally {
      await stack.close();
    }
  });

  it('answers headers over the limit (planted cookies) with words naming the cause and the way out', async () => {
    const stack = await startStack();
    try {
      const port = portOf(stack.origin);
      const planted = Array.from({ length: 5 }, (_, i) => `junk${i}=${'x'.repeat(4000)}`).join('; ');
      const answer = await rawRequest(port, 'GET', '/', { ...ADDRESS_BAR, cookie: `${planted}; ${stack.cookie}` });
      expect(answer.status).toBe(431);
      expect(answer.headers).toMatch(/content-type: text\/plain/i);
      expect(answer.body).toBe(HEADERS_TOO_LARGE);
      expect(answer.body).toMatch(/cookies/);
      expect(answer.body).toMatch(/Cookies and site data/);
      // The limit stays, and the proxy answers as before once the cookies are gone.
      expect((await stack.call('/api/session')).status).toBe(200);
    } finally {
      await stack.close();
    }
  });
});

describe('a client rotating its source address over 127.0.0.0/8', () => {
  it('is held back overall, and a locked address stays locked', async () => {
    const stack = await startStack({ signIn: false });
    try {
      const port = portOf(stack.origin);
      const wrong = (i: number, from: string) => rawRequest(port, 'GET', `/?token=wrong-${i}-000000000000`, {}, '', from);
      const locked = '127.0.0.2';
      const own = [];
      for (let i = 0; i < 6; i++) own.push((await wrong(i, locked)).status);
      expect(own).toEqual([303, 303, 303, 303, 303, 429]);
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) statuses.push((await wrong(i, `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`)).status);
      const admitted = statuses.filter((status) => status === 303).length;
      expect(admitted).toBe(25);
      expect(statuses.slice(admitted).every((status) => status === 429)).toBe(true);
      expect((await wrong(99, locked)).status).toBe(429);
    } finally {
      await stack.close();
    }
  });

  it('cannot unlock an address by filling the table with 10,000 others', async () => {
    const store = new SqliteSessionStore(':memory:', 10);
    const door = await Door.open(store, 'fixed-token-0123456789');
    try {
      for (let i = 0; i < 5; i++) await door.exchange('wrong', 'locked', 1000);
      expect((await door.exchange('wrong', 'locked', 1000)).kind).toBe('limited');
      for (let i = 0; i < 10_001; i++) await door.exchange('wrong', `client-${i}`, 2000);
      expect((await door.exchange('fixed-token-0123456789', 'locked', 3000)).kind).toBe('limited');
      // A minute later everyone starts afresh.
      expect((await door.exchange('fixed-token-0123456789', 'locked', 70_000)).kind).toBe('session');
    } finally {
      await store.close();
    }
  });
});

describe('DATA_DIR', () => {
  it('is made 0700 by npm run service too', async () => {
    const dataDir = join(tempDir(), 'fresh', 'data');
    const app = await startApp({ args: ['service'], dataDir });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dataDir, 'demo-account.json')).mode & 0o777).toBe(0o600);
    } finally {
      await app.stop();
    }
  });
});
