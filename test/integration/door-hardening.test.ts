import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cookieValues, loginNavigation, originProblem } from '@/proxy/sessions/checks';
import { rawRequest } from '../helpers/rawHttp';
import { startStack, TOKEN } from '../helpers/stack';

describe('the door against a hostile page or client (review findings)', () => {
  it('does not let another site lock the trader out: its login requests are refused uncounted', async () => {
    const stack = await startStack({ signIn: false });
    try {
      const port = Number(new URL(stack.origin).port);
      // What <img src="http://127.0.0.1:PORT/?token=x"> on another site sends.
      for (let i = 0; i < 8; i++) {
        const answer = await rawRequest(port, 'GET', `/?token=wrong-${i}-000000000000`, { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' });
        expect(answer.status).toBe(403);
        expect(answer.headers).not.toMatch(/set-cookie/i);
      }
      // The trader pastes the link into the address bar: in.
      const mine = await rawRequest(port, 'GET', `/?token=${TOKEN}`, { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' });
      expect(mine.status).toBe(303);
      expect(mine.headers).toMatch(/set-cookie: terminal_session_\d+=/i);
      // HEAD does not log in.
      const head = await rawRequest(port, 'HEAD', `/?token=${TOKEN}`);
      expect(head.headers).not.toMatch(/set-cookie/i);
    } finally {
      await stack.close();
    }
  });

  it('finds the real session among several values of its cookie name (one planted by another port)', async () => {
    const stack = await startStack();
    try {
      const [name, value] = stack.cookie.split('=');
      const planted = `${name}=AAAAplanted; ${name}=${value}`;
      expect((await fetch(`${stack.origin}/api/session`, { headers: { cookie: planted } })).status).toBe(200);
      expect((await fetch(`${stack.origin}/api/session`, { headers: { cookie: `${name}=AAAAplanted` } })).status).toBe(401);
    } finally {
      await stack.close();
    }
  });

  it('takes the whole origin, scheme included, and reads no body for a path it does not serve', async () => {
    const stack = await startStack();
    try {
      const sameHostHttps = stack.origin.replace('http://', 'https://');
      const logout = await fetch(`${stack.origin}/api/session/logout`, { method: 'POST', headers: { cookie: stack.cookie, origin: sameHostHttps } });
      expect(logout.status).toBe(403);
      expect((await stack.call('/api/session')).status).toBe(200);
      const nowhere = await fetch(`${stack.origin}/nothing`, {
        method: 'POST',
        headers: { origin: stack.origin, 'content-type': 'application/json' },
        body: '{"a":1,"a":2}',
      });
      expect(nowhere.status).toBe(404);
    } finally {
      await stack.close();
    }
  });

  it('cuts off a client dripping its headers soon after the request time (not up to 30 s later)', async () => {
    const stack = await startStack({ proxy: { requestTimeoutMs: 1000 } });
    const port = Number(new URL(stack.origin).port);
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET /api/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    const drip = setInterval(() => socket.write('X-Drip: 1\r\n'), 200);
    try {
      // Node's own check runs every 30 s unless told otherwise: then this would take up to 31 s.
      expect(await closed).toBeLessThan(10_000);
    } finally {
      clearInterval(drip);
      socket.destroy();
      await stack.close();
    }
  });

  it('stops while a client drips its body, closing that connection itself', async () => {
    const stack = await startStack();
    const port = Number(new URL(stack.origin).port);
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    let closed = false;
    socket.once('close', () => (closed = true));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /v1/batch-order HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${stack.origin}\r\nCookie: ${stack.cookie}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`);
    const drip = setInterval(() => socket.write(' '), 200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      // The drip never ends (100,000 bytes at one every 200 ms): a stop that waited for the body
      // would never return (the test's timeout says so). No bound in milliseconds: a loaded
      // machine is slower, it does not wait for the client.
      expect(closed).toBe(false);
      await stack.close();
      await expect.poll(() => closed).toBe(true);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });
});

describe('the door’s checks, on their own', () => {
  it('reads every value of a cookie name, each once', () => {
    expect(cookieValues('a=1; t=x; b=2; t=y', 't')).toEqual(['x', 'y']);
    expect(cookieValues('t=1; t=2; t=3; t=4; t=5; t=1', 't')).toEqual(['1', '2', '3', '4', '5']);
    expect(cookieValues(undefined, 't')).toEqual([]);
    expect(cookieValues('tt=1; t =2', 't')).toEqual(['2']);
  });

  it('takes an origin only when scheme, host and port are ours', () => {
    const none = new Set<string>();
    expect(originProblem('http://127.0.0.1:8080', '127.0.0.1:8080', none)).toBeUndefined();
    expect(originProblem('https://127.0.0.1:8080', '127.0.0.1:8080', none)).toBeDefined();
    expect(originProblem('http://127.0.0.1:8081', '127.0.0.1:8080', none)).toBeDefined();
    expect(originProblem('null', '127.0.0.1:8080', none)).toBeDefined();
    expect(originProblem(undefined, '127.0.0.1:8080', none)).toBe('a state-changing request needs an Origin header');
    expect(originProblem('https://trader.lan', 'trader.lan', new Set(['trader.lan']))).toBeUndefined();
  });

  it('logs in only from the address bar, or from a client that says nothing of where it is', () => {
    expect(loginNavigation('none', 'navigate')).toBe(true);
    expect(loginNavigation(undefined, undefined)).toBe(true);
    expect(loginNavigation(undefined, 'cors')).toBe(true);
    expect(loginNavigation('cross-site', 'navigate')).toBe(false);
    expect(loginNavigation('same-site', 'navigate')).toBe(false);
    expect(loginNavigation('none', 'no-cors')).toBe(false);
  });
});
