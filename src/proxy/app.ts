import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  batchOrderRequestSchema,
  describeIssues,
  errorCodes,
  errorEnvelope,
  futuresResponseSchema,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  journalOrderSchema,
  MAX_RECV_WINDOW_MS,
  ordersQuerySchema,
  REQUESTS_PER_SECOND,
  tvConfigEnvelopeSchema,
  type ErrorCodeName,
  type Health,
  type TicketResult,
} from '../interface';
import { toCsv } from './csv';
import { Door, SESSION_COOKIE } from './door';
import type { ServiceAccount } from './env';
import { Journal } from './journal';
import { requestSerializers } from './log';
import { Pacer } from './pacer';
import { ReadForwarder } from './reads';
import { ServiceClient } from './serviceClient';
import { ServiceClock } from './serviceClock';
import { createSigner } from './signer';
import { TicketSender } from './ticketSender';

export interface ProxyOptions {
  serviceBaseUrl: string;
  /** True when the service is the embedded simulation (shown in health). */
  embedded: boolean;
  account: ServiceAccount;
  journalPath: string;
  /** The built terminal; omitted in API-only tests. */
  distDir?: string;
  /** Address the proxy listens on; a loopback address also pins the accepted Host names. */
  host: string;
  terminalToken?: string;
  serviceTimeoutMs?: number;
  /** Spacing of batch requests per key (ms); the family allows one per second. */
  pacingMs?: number;
  /**
   * How long an answered read is shared with identical reads (ms). Unset: the quotes interval of
   * the config the service hands out (at most 1 s), so that any number of terminals polling a feed
   * cost the service what one terminal does.
   */
  coalesceMs?: number;
  /** Requests per second per session on protected routes. */
  sessionRateLimit?: number;
  logger?: boolean | { level?: string; stream?: { write(line: string): void } };
}

export interface ProxyApp {
  app: FastifyInstance;
  door: Door;
  journal: Journal;
  clock: ServiceClock;
  /** Orders found pending or sent at start and made unknown. */
  recovered: number;
}

const BODY_LIMIT = 256 * 1024;
const DEFAULT_COALESCE_MS = 250;
const MIN_COALESCE_MS = 50;
const MAX_COALESCE_MS = 1000;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sendError(reply: FastifyReply, name: ErrorCodeName, message: string, status?: number) {
  const { code, status: defaultStatus } = errorCodes[name];
  return reply.code(status ?? defaultStatus).send(errorEnvelope(code, message));
}

function isProtected(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return path.startsWith('/api/') || path === '/v1/batch-order';
}

function statusForCode(code: number | null): number {
  const known = Object.values(errorCodes).find((entry) => entry.code === code);
  return known?.status ?? 502;
}

/**
 * The signing proxy: serves the terminal, forwards reads, and signs, journals and sends tickets.
 * The only thing between a click and real money, so it refuses first and explains why.
 */
export async function createProxyApp(options: ProxyOptions): Promise<ProxyApp> {
  const journal = new Journal(options.journalPath);
  const recovered = journal.recover(Date.now());
  const clock = new ServiceClock();
  const client = new ServiceClient({
    baseUrl: options.serviceBaseUrl,
    timeoutMs: options.serviceTimeoutMs ?? 5000,
    clock,
  });
  const door = new Door(journal, options.terminalToken);
  const reads = new ReadForwarder(client, options.coalesceMs ?? DEFAULT_COALESCE_MS);
  /** Follows the config's quotes interval, unless the operator fixed the window. */
  const followConfig = (body: string) => {
    if (options.coalesceMs !== undefined) return;
    const quotes = (JSON.parse(body) as { d?: { pullingInterval?: { quotes?: unknown } } }).d?.pullingInterval?.quotes;
    if (typeof quotes === 'number' && Number.isFinite(quotes) && quotes >= MIN_COALESCE_MS) {
      reads.coalesceMs = Math.min(quotes, MAX_COALESCE_MS);
    }
  };
  const loopbackOnly = LOOPBACK.test(options.host);

  const app = Fastify({
    logger:
      options.logger === false || options.logger === undefined
        ? false
        : { level: 'info', ...(options.logger === true ? {} : options.logger), serializers: requestSerializers },
    // Per-request lines would print every poll; tickets and failures are logged where they happen.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
  });
  const sender = new TicketSender({
    journal,
    client,
    clock,
    signer: createSigner(options.account.secret),
    accountId: options.account.accountId,
    pacer: new Pacer(options.pacingMs ?? Math.ceil(1000 / REQUESTS_PER_SECOND) + 100),
    log: app.log,
  });
  journal.onBackgroundError = (error) => app.log.error({ err: { message: error.message } }, 'journal write or flush failed with nobody waiting');
  if (recovered > 0) {
    app.log.warn({ orders: recovered }, 'orders left pending or sent by the last run are now unknown');
  }

  await app.register(cookie);
  // helmet's middleware built once (@fastify/helmet rebuilds it on every request).
  const securityHeaders = helmet({
    hsts: false,
    referrerPolicy: { policy: 'no-referrer' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      code: errorCodes.rateLimited.code,
      message: `too many requests: at most ${context.max} per second per session; retry in ${context.after}`,
    }),
  });
  const protectedLimit = {
    rateLimit: {
      max: options.sessionRateLimit ?? 50,
      timeWindow: 1000,
      keyGenerator: (request: FastifyRequest) => {
        const session = request.cookies[SESSION_COOKIE];
        return session ? `s:${door.sessionKey(session)}` : `ip:${request.ip}`;
      },
    },
  };

  app.setErrorHandler((error: { statusCode?: number; message: string; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, 'rateLimited', error.message, 429);
    if (status === 413) return sendError(reply, 'invalidParameter', `body larger than ${BODY_LIMIT / 1024} KiB`, 413);
    if (status === 415) return sendError(reply, 'invalidParameter', 'Content-Type must be application/json', 415);
    if (status >= 400 && status < 500) return sendError(reply, 'invalidParameter', error.message, status);
    request.log.error({ err: { message: error.message, code: error.code } }, 'request failed');
    return sendError(reply, 'unknown', 'internal error in the proxy; the journal has the state of every ticket');
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 'notFound', `no route ${request.method} ${request.url.split('?')[0]}`),
  );

  // The door: right host, right origin, a session for anything that trades or reads the journal.
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host ?? '';
    if (loopbackOnly && !LOOPBACK.test(host.replace(/:\d+$/, ''))) {
      return sendError(reply, 'unauthorized', `unknown host "${host}": open the terminal at the address the proxy printed`, 403);
    }
    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      let originHost: string | undefined;
      try {
        originHost = origin ? new URL(origin).host : undefined;
      } catch {
        originHost = undefined;
      }
      if (originHost !== host) {
        return sendError(
          reply,
          'unauthorized',
          origin ? `requests from ${origin} are not accepted` : 'a state-changing request needs an Origin header',
          403,
        );
      }
    }
    const [path, query = ''] = request.url.split('?');
    if (request.method === 'GET' && path === '/' && query.includes('token=')) {
      const token = new URLSearchParams(query).get('token') ?? '';
      const session = door.exchange(token);
      if (!session) return reply.redirect('/?login=refused', 303);
      reply.setCookie(SESSION_COOKIE, session, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        maxAge: door.sessionMaxAgeSeconds,
      });
      return reply.redirect('/', 303);
    }
    if (isProtected(request) && !door.isSession(request.cookies[SESSION_COOKIE])) {
      return sendError(
        reply,
        'unauthorized',
        'no session: open the terminal with the link the proxy printed at start (…/?token=…)',
      );
    }
    return undefined;
  });

  const readConfig = async () => {
    const answer = await reads.read('/v1/tv/config', 'the terminal configuration', tvConfigEnvelopeSchema);
    if (answer.status === 200) followConfig(answer.body);
    return answer;
  };
  app.get('/v1/tv/config', async (_request, reply) => {
    const answer = await readConfig();
    return reply.code(answer.status).type('application/json').send(answer.body);
  });
  // Learn the polling interval (and the service clock) before the first terminal asks.
  app.addHook('onReady', async () => {
    void readConfig().catch(() => undefined);
  });
  app.get('/v1/public/futures', async (_request, reply) => {
    const answer = await reads.read('/v1/public/futures', 'the market data', futuresResponseSchema);
    return reply.code(answer.status).type('application/json').send(answer.body);
  });

  app.post('/v1/batch-order', { config: protectedLimit }, async (request, reply) => {
    const key = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_HEADER]);
    if (!key.success) {
      return sendError(reply, 'invalidParameter', `${IDEMPOTENCY_HEADER} header: ${describeIssues(key.error)}`);
    }
    const recvWindowText = request.headers['x-recv-window'];
    let recvWindow: number | undefined;
    if (recvWindowText !== undefined) {
      recvWindow = Number(recvWindowText);
      if (!Number.isInteger(recvWindow) || recvWindow < 1 || recvWindow > MAX_RECV_WINDOW_MS) {
        return sendError(reply, 'invalidParameter', `x-recv-window: expected whole ms from 1 to ${MAX_RECV_WINDOW_MS}`);
      }
    }
    const body = batchOrderRequestSchema.safeParse(request.body);
    if (!body.success) {
      const unknownKeys = body.error.issues.some((issue) => issue.code === 'unrecognized_keys');
      return sendError(reply, unknownKeys ? 'unknownParameter' : 'invalidParameter', describeIssues(body.error));
    }
    const outcome = await sender.submit({ id: key.data, orders: body.data.orders, recvWindow });
    if (outcome.kind === 'conflict') return sendError(reply, 'duplicate', outcome.message);
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return sendTicket(reply, outcome.result);
  });

  function sendTicket(reply: FastifyReply, result: TicketResult) {
    const answered = result.rows.some((row) => row.status === 'accepted' || row.status === 'rejected');
    const problem = answered || result.status === 'sending' ? undefined : journal.firstProblem(result.ticket_id);
    if (!problem) {
      return reply.send({ success: true, data: result, timestamp: Date.now() });
    }
    // Nothing was answered: the ticket failed as a whole, or its outcome is unknown.
    const status =
      problem.reason === 'refused' || problem.reason === 'rate-limited'
        ? (problem.httpStatus ?? statusForCode(problem.code))
        : problem.reason === 'timeout' || problem.reason === 'restart'
          ? 504
          : 502;
    return reply.code(status).send({
      success: false,
      code: problem.code ?? errorCodes.unknown.code,
      message: problem.message,
      data: result,
    });
  }

  app.get('/api/session', { config: protectedLimit }, async () => ({
    success: true,
    data: { authenticated: true },
    timestamp: Date.now(),
  }));

  app.get('/api/orders', { config: protectedLimit }, async (request, reply) => {
    const query = ordersQuerySchema.safeParse(request.query);
    if (!query.success) return sendError(reply, 'invalidParameter', describeIssues(query.error));
    return { success: true, data: journal.listOrders(query.data), timestamp: Date.now() };
  });

  app.get('/api/orders.csv', { config: protectedLimit }, async (request, reply) => {
    const query = ordersQuerySchema.safeParse(request.query);
    if (!query.success) return sendError(reply, 'invalidParameter', describeIssues(query.error));
    const columns = Object.keys(journalOrderSchema.shape);
    const rows: unknown[][] = [];
    let cursor = query.data.cursor;
    // The export is the whole filtered journal, page by page, newest first.
    for (;;) {
      const page = journal.listOrders({ ...query.data, cursor, limit: 1000 });
      for (const row of page.rows) rows.push(columns.map((column) => row[column as keyof typeof row]));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .send(toCsv(columns, rows));
  });

  app.get<{ Params: { id: string } }>('/api/tickets/:id', { config: protectedLimit }, async (request, reply) => {
    const result = journal.ticketResult(request.params.id);
    if (!result) return sendError(reply, 'notFound', `no ticket ${request.params.id} in the journal`);
    return { success: true, data: result, timestamp: Date.now() };
  });

  app.get('/api/health', { config: protectedLimit }, async () => {
    const probe = await reads.read('/v1/public/futures', 'the market data', futuresResponseSchema);
    const counts = journal.countLive();
    const health: Health = {
      success: true,
      data: {
        service: {
          url: options.serviceBaseUrl,
          embedded: options.embedded,
          reachable: probe.status === 200,
          latencyMs: client.lastLatencyMs ?? null,
          error: probe.status === 200 ? null : (JSON.parse(probe.body) as { message: string }).message,
        },
        clock: clock.status(),
        journal: { unknownOrders: counts.unknown, sendingOrders: counts.pending + counts.sent },
        accountId: options.account.accountId,
      },
      timestamp: Date.now(),
    };
    return health;
  });

  if (options.distDir) {
    if (!existsSync(`${options.distDir}/index.html`)) {
      throw new Error(`the terminal is not built (${options.distDir}/index.html is missing): run npm run build`);
    }
    await app.register(fastifyStatic, {
      root: options.distDir,
      // '/' is its own route: @fastify/static answers 404 for a directory index when it looks for
      // precompressed files.
      index: false,
      // The build writes .br and .gz beside each asset; they go to browsers that accept them.
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  if (options.distDir) app.get('/', (_request, reply) => reply.sendFile('index.html'));

  app.addHook('onClose', async () => {
    journal.close();
    await client.close();
  });
  return { app, door, journal, clock, recovered };
}
