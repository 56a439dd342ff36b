import fc from 'fast-check';
import Fastify from 'fastify';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '@/proxy/plugins/errors';
import { requestTargetPlugin, targetProblem } from '@/proxy/plugins/requestTarget';
import { schemasPlugin } from '@/proxy/plugins/schemas';
import { securityHeadersPlugin } from '@/proxy/plugins/securityHeaders';
import { duplicateKeyPath, parseJsonStrict } from '@/proxy/http/strictJson';

async function bare(register: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify();
  await register(app);
  await app.ready();
  return app;
}

describe('proxy plugins, each on a bare Fastify', () => {
  it('request target: plain origin-form paths only, refused before any route', async () => {
    expect(targetProblem('/api/orders?status=sent,unknown&symbol=PERP_%41')).toBeUndefined();
    expect(targetProblem('/assets/index-50ued3MB.js')).toBeUndefined();
    for (const target of ['/%61pi/orders', 'http://h/api', '//api', '/api//orders', '/./api', '/a/../api', '/api\\orders', '/api;x', '*']) {
      expect(targetProblem(target), target).toBeDefined();
    }
    let reached = 0;
    const app = await bare(async (a) => {
      await a.register(requestTargetPlugin);
      a.get('/api/orders', async () => ({ reached: ++reached }));
    });
    expect((await app.inject({ url: '/api/orders' })).statusCode).toBe(200);
    const refused = await app.inject({ url: '/%61pi/orders' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: -1005 });
    expect(reached).toBe(1);
    await app.close();
  });

  it('errors: the envelope for every failure, a duplicate JSON key named, a bad schema field named', async () => {
    const app = await bare(async (a) => {
      await a.register(errorsPlugin);
      await a.register(schemasPlugin);
      a.post('/t', { schema: { body: z.strictObject({ n: z.number() }) } }, async () => ({ ok: true }));
      a.get('/boom', async () => {
        throw new Error('secret detail');
      });
    });
    const post = (payload: string) => app.inject({ method: 'POST', url: '/t', payload, headers: { 'content-type': 'application/json' } });
    expect((await post('{"n":1}')).statusCode).toBe(200);
    expect((await post('{"n":1,"n":2}')).json()).toEqual({ success: false, code: -1005, message: 'body: n is given twice; give each field once' });
    expect((await post('{"n":"x"}')).json()).toMatchObject({ success: false, code: -1005, message: expect.stringContaining('n') });
    expect((await post('{"n":1,"x":2}')).json()).toMatchObject({ success: false, code: -1004 });
    expect((await post('{')).statusCode).toBe(400);
    const boom = await app.inject({ url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret detail');
    expect((await app.inject({ url: '/nowhere?token=abc' })).json()).toEqual({ success: false, code: -1006, message: 'no route GET /nowhere' });
    await app.close();
  });

  it('security headers: a CSP with no inline script and no framing, on every answer', async () => {
    const app = await bare(async (a) => {
      await a.register(securityHeadersPlugin);
    });
    const answer = await app.inject({ url: '/missing' });
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    // Recorded once, given to every answer alike.
    const again = await app.inject({ url: '/missing' });
    expect(again.headers['content-security-policy']).toBe(answer.headers['content-security-policy']);
    await app.close();
  });
});

describe('strict JSON', () => {
  it('finds no duplicate in any JSON without one, and parses it as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(duplicateKeyPath(text)).toBeUndefined();
        expect(parseJsonStrict(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('finds a key given twice at any depth and names its path', () => {
    expect(duplicateKeyPath('{"a":{"b":[1,{"c":1," c":2,"c":3}]}}')).toBe('a.b[1].c');
    expect(duplicateKeyPath('{"a":"{\\"a\\":1,\\"a\\":2}"}')).toBeUndefined();
    expect(duplicateKeyPath('[{"k":1},{"k":2}]')).toBeUndefined();
    expect(duplicateKeyPath('{"\\u006b":1, "k" :2}')).toBe('k');
  });

  it('refuses a number with more digits than JSON.parse keeps, naming its path; exact ones of any length pass', () => {
    const body = (price: string) => `{"orders":[{"order_quantity":0.001},{"order_price":${price},"order_quantity":1}]}`;
    expect(() => parseJsonStrict(body('100000.00000000000000000000000001'))).toThrow(
      /^body: orders\[1\]\.order_price is 100000\.00000000000000000000000001, more digits than a number keeps \(it would be read as 100000\)/,
    );
    expect(() => parseJsonStrict('{"client_order_id":12345678901234567890}')).toThrow(/^body: client_order_id is 12345678901234567890/);
    expect(() => parseJsonStrict('[0.10000000000000000001]')).toThrow(/^body: \[0\] is/);
    // Exact, however written: trailing zeros, exponents, the shortest form of a double, big exact integers.
    for (const text of ['100000.000000000000000000000000', '1.5e-7', '-0', '0.1', '0.30000000000000004', '9007199254740992', '100000000000000000000000']) {
      expect(parseJsonStrict(`{"v":${text}}`), text).toEqual({ v: Number(text) });
    }
    // Numbers inside strings are text: left alone.
    expect(parseJsonStrict('{"order_tag":"100000.00000000000000000000000001"}')).toEqual({ order_tag: '100000.00000000000000000000000001' });
  });
});
