import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import {
  describeIssues,
  errorCodes,
  errorEnvelope,
  MAX_ORDERS_PER_REQUEST,
  REQUESTS_PER_SECOND,
  type ErrorCodeName,
  type TvConfig,
} from '../interface';
import { AccountRegistry } from './accounts';
import { authenticate } from './auth';
import { terminalConfig } from './config';
import { instrumentsFor } from './market/instruments';
import { MarketSimulator } from './market/simulator';
import { OrderDesk } from './orderDesk';
import { KeyRateLimit } from './rateLimit';

export interface ServiceOptions {
  /** Seed of the market random walk; the same seed replays the same market. */
  seed?: number;
  /** Number of instruments (at least the 48 listed ones; more are synthetic). */
  instrumentCount?: number;
  /** The service clock (ms); tests skew it to play a service whose clock is off. */
  clock?: () => number;
  /** Batch requests per second per key; false turns the limit off (load tests). */
  rateLimitPerSecond?: number | false;
  /** Every price moves on every update (benchmarks). */
  everyUpdateMoves?: boolean;
  config?: TvConfig;
  logger?: boolean;
}

export interface ServiceApp {
  app: FastifyInstance;
  accounts: AccountRegistry;
  market: MarketSimulator;
  desk: OrderDesk;
  clock: () => number;
}

/** Body of a batch request as far as the whole request goes; each order is checked on its own. */
const batchBodySchema = z.object({
  orders: z
    .array(z.unknown())
    .check(
      z.minLength(1, 'a batch needs at least one order'),
      z.maxLength(MAX_ORDERS_PER_REQUEST, `at most ${MAX_ORDERS_PER_REQUEST} orders per batch`),
    ),
});

function sendError(reply: FastifyReply, name: ErrorCodeName, message: string, status?: number) {
  const { code, status: defaultStatus } = errorCodes[name];
  return reply.code(status ?? defaultStatus).send(errorEnvelope(code, message));
}

/** The embedded service: the three endpoints of interface.md over simulated markets. */
export function createServiceApp(options: ServiceOptions = {}): ServiceApp {
  const clock = options.clock ?? Date.now;
  const market = new MarketSimulator({
    instruments: instrumentsFor(options.instrumentCount),
    seed: options.seed ?? 1,
    start: clock(),
    everyUpdateMoves: options.everyUpdateMoves ?? false,
  });
  const accounts = new AccountRegistry();
  const desk = new OrderDesk(market);
  const limit =
    options.rateLimitPerSecond === false
      ? undefined
      : new KeyRateLimit(options.rateLimitPerSecond ?? REQUESTS_PER_SECOND);
  const config = options.config ?? terminalConfig;

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024 });

  // The signature covers the exact bytes, so the body is kept as text and parsed here.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 415) {
      return sendError(reply, 'invalidParameter', 'Content-Type must be application/json', 415);
    }
    if (status >= 400 && status < 500) return sendError(reply, 'invalidParameter', error.message, status);
    app.log.error(error);
    return sendError(reply, 'unknown', 'internal error');
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 'notFound', `no route ${request.method} ${request.url}`),
  );

  app.get('/v1/tv/config', async () => ({ s: 'ok', d: config }));

  app.get('/v1/public/futures', async () => {
    const now = clock();
    return { success: true, data: { rows: market.rows(now) }, timestamp: now };
  });

  app.post('/v1/batch-order', async (request, reply) => {
    const now = clock();
    const body = typeof request.body === 'string' ? request.body : '';
    const auth = authenticate(
      { headers: request.headers, method: request.method, path: request.url, body, now },
      accounts,
    );
    if (!auth.ok) {
      return reply.code(auth.status).send(errorEnvelope(auth.code, auth.message));
    }
    if (limit) {
      const taken = limit.take(auth.key, now);
      if (!taken.allowed) {
        reply.header('retry-after', Math.ceil(taken.retryAfterMs / 1000));
        return sendError(
          reply,
          'rateLimited',
          `rate limited: at most ${options.rateLimitPerSecond ?? REQUESTS_PER_SECOND} batch request per second per key; retry in ${taken.retryAfterMs} ms`,
        );
      }
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return sendError(reply, 'invalidParameter', 'body is not valid JSON');
    }
    const parsed = batchBodySchema.safeParse(json);
    if (!parsed.success) {
      return sendError(
        reply,
        'invalidParameter',
        `body must be {"orders": [...]}: ${describeIssues(parsed.error)}`,
      );
    }
    const rows = desk.place(auth.accountId, parsed.data.orders, now);
    return { success: true, data: { rows }, timestamp: clock() };
  });

  return { app, accounts, market, desk, clock };
}
