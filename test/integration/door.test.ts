import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startStack, TOKEN, type Stack } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ proxy: { sessionRateLimit: 20 } });
});
afterAll(() => stack.close());

const post = (headers: Record<string, string>, body = JSON.stringify({ orders: [ethOrder(3500)] })) =>
  fetch(`${stack.origin}/v1/batch-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `door-${Math.random().toString(36).slice(2)}`, ...headers },
    body,
  });

describe('the door of the proxy', () => {
  it('trades the token for an HttpOnly, SameSite=Strict session cookie and drops the token from the URL', async () => {
    const response = await fetch(`${stack.origin}/?token=${TOKEN}`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    const cookie = response.headers.get('set-cookie') ?? '';
    // The cookie's name carries the port: two proxies on one host keep their own sessions.
    expect(cookie).toMatch(new RegExp(`^terminal_session_${new URL(stack.origin).port}=[A-Za-z0-9_-]{40,};`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toContain(TOKEN);
  });

  it('refuses a wrong token without a cookie', async () => {
    const response = await fetch(`${stack.origin}/?token=wrong-token-0000000000`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?login=refused');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('answers 401 without a session on the batch route and every /api/ route, and says how to get in', async () => {
    for (const path of ['/api/orders', '/api/orders.csv', '/api/health', '/api/session', '/api/tickets/x']) {
      const response = await fetch(stack.origin + path);
      expect(response.status, path).toBe(401);
      expect(((await response.json()) as { message: string }).message).toMatch(/open the terminal with the link the proxy printed/);
    }
    const ticket = await post({ origin: stack.origin });
    expect(ticket.status).toBe(401);
    const forged = await post({ origin: stack.origin, cookie: `terminal_session_${new URL(stack.origin).port}=forged-session-value-0000000000000000000000` });
    expect(forged.status).toBe(401);
  });

  it('serves the market data without a session', async () => {
    expect((await fetch(`${stack.origin}/v1/public/futures`)).status).toBe(200);
  });

  it('refuses state-changing requests from another Origin, or with none, whatever cookies they carry', async () => {
    const evil = await post({ origin: 'http://evil.example', cookie: stack.cookie });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject({ success: false, message: 'requests from http://evil.example are not accepted' });
    const none = await post({ cookie: stack.cookie });
    expect(none.status).toBe(403);
    const otherPort = await post({ origin: stack.origin.replace(/:\d+$/, ':1'), cookie: stack.cookie });
    expect(otherPort.status).toBe(403);
  });

  it('refuses a Host that is not loopback (DNS rebinding)', async () => {
    const { port } = new URL(stack.origin);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      // fetch() will not send a Host of our choosing; a raw request will.
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/v1/public/futures', headers: { host: `evil.example:${port}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(403);
  });

  it('limits the body size', async () => {
    const huge = JSON.stringify({ orders: [ethOrder(3500, { order_tag: 'x'.repeat(300 * 1024) })] });
    const response = await post({ origin: stack.origin, cookie: stack.cookie }, huge);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe('body larger than 256 KiB');
  });

  it('limits the rate per session', async () => {
    const cookie = await login(stack.proxy.url);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => fetch(`${stack.origin}/api/orders`, { headers: { cookie } }).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(20);
    // Another session is not slowed down by the first one.
    expect((await stack.call('/api/session')).status).toBe(200);
  });

  it('sends security headers with a content security policy that allows no inline script', async () => {
    const response = await fetch(`${stack.origin}/v1/public/futures`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('a generated token works once', async () => {
    const fresh = await startStack({ proxy: { terminalToken: undefined }, signIn: false });
    try {
      const token = fresh.proxy.door.token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const first = await fetch(`${fresh.origin}/?token=${token}`, { redirect: 'manual' });
      expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^terminal_session_${new URL(fresh.origin).port}=`));
      const again = await fetch(`${fresh.origin}/?token=${token}`, { redirect: 'manual' });
      expect(again.headers.get('location')).toBe('/?login=refused');
    } catch (error) {
      await fresh.close();
      throw error;
    }
    await fresh.close();
  });
});
