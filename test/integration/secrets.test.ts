import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, startApp, type RunningApp } from '../helpers/app';
import { ethOrder } from '../fixtures/orders';

let app: RunningApp;
let secret: string;
const token = 'secret-test-token-0123456789';
const seen: string[] = [];
let sessionValue = '';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

async function record(response: Response): Promise<Response> {
  const text = await response.clone().text();
  seen.push([...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n'), text);
  return response;
}

beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: token } });
  secret = (JSON.parse(readFileSync(join(app.dataDir, 'demo-account.json'), 'utf8')) as { secret: string }).secret;
  const origin = app.url.replace(/\/$/, '');
  const loginResponse = await fetch(`${origin}/?token=${token}`, { redirect: 'manual' });
  const cookie = (loginResponse.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  sessionValue = cookie.split('=')[1] ?? '';
  const headers = { cookie, origin, 'content-type': 'application/json' };
  await record(await fetch(`${origin}/`));
  await record(await fetch(`${origin}/v1/public/futures`));
  await record(await fetch(`${origin}/v1/tv/config`));
  for (const body of [
    { orders: [ethOrder(3500)] },
    { orders: [ethOrder(1)] },
    { orders: [{ nonsense: true }] },
  ]) {
    await record(await fetch(`${origin}/v1/batch-order`, { method: 'POST', headers: { ...headers, 'idempotency-key': `secret-${Math.random().toString(36).slice(2)}` }, body: JSON.stringify(body) }));
  }
  await record(await fetch(`${origin}/v1/batch-order`, { method: 'POST', headers: { ...headers, origin: 'http://evil.example' }, body: '{}' }));
  await record(await fetch(`${origin}/api/orders`));
  for (const path of ['/api/orders', '/api/orders.csv', '/api/health', '/api/session', '/nope']) {
    await record(await fetch(origin + path, { headers }));
  }
  await record(await fetch(`${origin}/?token=wrong-token-000000000000`, { redirect: 'manual' }));
});
afterAll(() => app.stop());

describe('the secret, the token and the session cookie stay secret', () => {
  it('the secret is in no response, no log line and not in dist/', () => {
    expect(secret.length).toBeGreaterThan(40);
    expect(seen.length).toBeGreaterThan(20);
    for (const text of seen) expect(text).not.toContain(secret);
    expect(app.output()).not.toContain(secret);
    for (const file of filesUnder(join(root, 'dist'))) {
      expect(readFileSync(file, 'utf8'), file).not.toContain(secret);
    }
  });

  it('the token is only in the printed link, never in a log line or a response', () => {
    const lines = app.output().split('\n').filter((line) => line.includes(token));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\s+Terminal:\s+http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    for (const text of seen) expect(text).not.toContain(token);
  });

  it('the session cookie is in no log line and no response', () => {
    expect(sessionValue.length).toBeGreaterThan(30);
    expect(app.output()).not.toContain(sessionValue);
    for (const text of seen) expect(text).not.toContain(sessionValue);
  });

  it('logs tickets as they go, as JSON lines', () => {
    const logs = app.output().split('\n').filter((line) => line.startsWith('{'));
    expect(logs.some((line) => line.includes('"msg":"ticket journaled"'))).toBe(true);
    expect(logs.some((line) => line.includes('"msg":"request answered"'))).toBe(true);
  });
});
