import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { errorEnvelopeSchema } from '@/interface';
import { createAccountCredentials } from '@/service';
import { AccountRegistry } from '@/service/accounts';
import { terminalConfig } from '@/service/config';
import { instrumentsFor } from '@/service/market/instruments';
import { MarketSimulator } from '@/service/market/simulator';
import { OrderDesk } from '@/service/orderDesk';
import authPlugin, { signerOf } from '@/service/plugins/auth';
import errorsPlugin from '@/service/plugins/errors';
import marketPlugin from '@/service/plugins/market';
import rateLimitPlugin from '@/service/plugins/rateLimit';
import schemasPlugin, { type ZodRoutes } from '@/service/plugins/schemas';
import { signedHeaders } from '../helpers/stack';

const NOW = 1_700_000_000_000;
let app: FastifyInstance;
afterEach(() => app.close());

/** A bare Fastify with the simulated world decorated, as the plugins that need it expect. */
function bareWithMarket() {
  const market = new MarketSimulator({ instruments: instrumentsFor(), seed: 1, start: NOW, everyUpdateMoves: false });
  const accounts = new AccountRegistry();
  app = Fastify();
  app.register(marketPlugin, { market, desk: new OrderDesk(market), accounts, clock: () => NOW, tvConfig: terminalConfig });
  return accounts;
}

describe('errors plugin', () => {
  it('turns a thrown 4xx into the envelope with its status and message, anything else into an internal error', async () => {
    app = Fastify();
    app.register(errorsPlugin);
    app.get('/conflict', async () => {
      throw Object.assign(new Error('already there'), { statusCode: 409 });
    });
    app.get('/bug', async () => {
      throw new Error('secret detail');
    });
    const conflict = await app.inject({ method: 'GET', url: '/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ success: false, code: -1005, message: 'already there' });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ success: false, code: -1000, message: 'internal error' });
  });

  it('answers an unknown route and a foreign content type with the envelope', async () => {
    app = Fastify();
    app.register(errorsPlugin);
    app.post('/here', async () => ({}));
    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, code: -1006, message: 'no route GET /nowhere' });
    const xml = await app.inject({ method: 'POST', url: '/here', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: -1005, message: 'Content-Type must be application/json' });
  });
});

describe('schemas plugin', () => {
  it('refuses a request breaking its schema in the issues’ words, and a reply breaking its schema as a bug', async () => {
    app = Fastify();
    app.register(schemasPlugin);
    app.register(errorsPlugin);
    const routes: ZodRoutes = async (fastify) => {
      fastify.post(
        '/echo',
        { schema: { body: z.object({ size: z.number() }), response: { 200: z.object({ size: z.number() }) } } },
        async (request) => ({ size: request.body.size }),
      );
      fastify.get('/broken', { schema: { response: { 200: errorEnvelopeSchema } } }, async () => ({ success: true }) as never);
    };
    app.register(routes);
    const bad = await app.inject({ method: 'POST', url: '/echo', payload: { size: 'big' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, code: -1005, message: 'size: Invalid input: expected number, received string' });
    const good = await app.inject({ method: 'POST', url: '/echo', payload: { size: 2, extra: 1 } });
    expect(good.json()).toEqual({ size: 2 });
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
  });
});

describe('auth plugin', () => {
  it('lets a signed request through with its signer and refuses a bad signature with -1002', async () => {
    const accounts = bareWithMarket();
    const account = createAccountCredentials();
    accounts.register(account.accountId, account.key);
    app.register(errorsPlugin);
    app.register(authPlugin);
    app.register(async (fastify) => {
      fastify.post('/v1/batch-order', { preValidation: fastify.checkSignature }, async (request) => signerOf(request));
    });
    const body = '{"orders":[]}';
    const send = (payload: string) =>
      app.inject({ method: 'POST', url: '/v1/batch-order', payload, headers: signedHeaders(account, body, { timestamp: NOW }) });
    const signed = await send(body);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toEqual({ accountId: account.accountId, key: account.key, receivedAt: NOW });
    const tampered = await send('{"orders":[1]}');
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ success: false, code: -1002, message: 'signature does not match the request' });
  });
});

describe('rate limit plugin', () => {
  it('lets one batch request per second per key through, then answers 429 with retry-after', async () => {
    const accounts = bareWithMarket();
    const account = createAccountCredentials();
    accounts.register(account.accountId, account.key);
    app.register(authPlugin);
    app.register(rateLimitPlugin, { perSecond: 1 });
    app.register(async (fastify) => {
      fastify.post('/v1/batch-order', { preValidation: [fastify.checkSignature, fastify.limitBatches] }, async () => ({ ok: true }));
    });
    const send = () =>
      app.inject({ method: 'POST', url: '/v1/batch-order', payload: '{}', headers: signedHeaders(account, '{}', { timestamp: NOW }) });
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json()).toMatchObject({ success: false, code: -1003, message: expect.stringMatching(/at most 1 batch request per second/) });
  });
});

describe('market plugin', () => {
  it('shares the simulator, desk, accounts, clock and config with every route', async () => {
    bareWithMarket();
    app.get('/world', async function () {
      return { rows: this.market.rows(this.clock()).length, durations: this.tvConfig.durations.length, desk: typeof this.desk.place };
    });
    expect((await app.inject({ method: 'GET', url: '/world' })).json()).toEqual({
      rows: 48,
      durations: terminalConfig.durations.length,
      desk: 'function',
    });
  });
});
