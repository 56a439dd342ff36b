import { dirname, join } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { JournalStore } from './journal';
import { requestSerializers } from './log';
import { proxyDefaults, type ProxyOptions } from './options';
import { deskPlugin } from './plugins/desk';
import { deskRulesPlugin } from './plugins/deskRules';
import { doorPlugin } from './plugins/door';
import { BODY_LIMIT, errorsPlugin } from './plugins/errors';
import { bracketsPlugin } from './plugins/brackets';
import { heldPlugin } from './plugins/held';
import { journalPlugin } from './plugins/journal';
import { openApiPlugin } from './plugins/openapi';
import { peoplePlugin } from './plugins/people';
import { postgresPlugin } from './plugins/postgres';
import { preferencesPlugin } from './plugins/preferences';
import { rateLimitsPlugin } from './plugins/rateLimits';
import { requestTargetPlugin } from './plugins/requestTarget';
import { schemasPlugin } from './plugins/schemas';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { senderPlugin } from './plugins/sender';
import { servicePlugin } from './plugins/service';
import { tapePlugin } from './plugins/tape';
import { accountsRoutes } from './routes/accounts';
import { batchOrdersRoutes } from './routes/batchOrders';
import { healthRoutes } from './routes/health';
import { bracketsRoutes } from './routes/brackets';
import { heldOrdersRoutes } from './routes/heldOrders';
import { marketReadsRoutes } from './routes/marketReads';
import { openApiRoutes } from './routes/openapi';
import { ordersRoutes } from './routes/orders';
import { preferencesRoutes } from './routes/preferences';
import { approvalsRoutes } from './routes/approvals';
import { auditRoutes } from './routes/audit';
import { deskRoutes } from './routes/desk';
import { sessionRoutes } from './routes/session';
import { tapeRoutes } from './routes/tape';
import { terminalRoutes } from './routes/terminal';
import { ticketsRoutes } from './routes/tickets';
import type { ServiceClock } from './upstream/clock';
import type { Door } from './sessions';
import { answerClientError } from './sessions/oversizedHeaders';
import type { AccountSenders } from './sending/accounts';
import { accountsOf } from './accounts';
import './types';

export type { ProxyOptions };

export interface ProxyApp {
  app: FastifyInstance;
  door: Door;
  journal: JournalStore;
  clock: ServiceClock;
  sender: AccountSenders;
  /** Orders found pending or sent at start and made unknown. */
  recovered: number;
}

/** Login sessions, the desk's people and the market tape live beside the journal, each in its own file. */
const besideJournal = (journalPath: string, name: string) =>
  journalPath === ':memory:' ? ':memory:' : join(dirname(journalPath), name);

function createServer(options: ProxyOptions): FastifyInstance {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  return Fastify({
    logger:
      options.logger === false || options.logger === undefined
        ? false
        : { level: 'info', ...(options.logger === true ? {} : options.logger), serializers: requestSerializers },
    // Per-request lines would print every poll; tickets and failures are logged where they happen.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    // A request must arrive whole within 30 s: a client dripping its body cannot hold a socket.
    // (Not an idle timeout: a large ticket's answer may take minutes at one request a second.)
    requestTimeout,
    // Node looks for requests over their time every 30 s by default, so a drip was cut off only
    // after up to twice the timeout: now within a tenth of it more (a timer's walk over sockets).
    http: { connectionsCheckingInterval: Math.max(100, Math.round(requestTimeout / 10)) },
    // On close, after the sender has stopped and answered its tickets (preClose), every socket
    // left is closed: a stop never waits on a slow or hostile client.
    forceCloseConnections: true,
    // Headers over the limit (cookies planted by another port) get words saying how to clear them.
    clientErrorHandler: answerClientError,
  });
}

/**
 * The signing proxy: serves the terminal, forwards reads, and signs, journals and sends tickets.
 * Plugins in the order a request meets them, then one route module per resource.
 */
export async function createProxyApp(options: ProxyOptions): Promise<ProxyApp> {
  const accounts = accountsOf(options.account, options.accounts);
  const app = createServer(options);
  const serviceTimeoutMs = options.serviceTimeoutMs ?? proxyDefaults.serviceTimeoutMs;
  app.decorate('proxyOptions', options);

  await app.register(requestTargetPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(schemasPlugin);
  // A proxy frozen inside a transaction holds its locks until the server ends it: twice the lease's
  // ttl (at least 5 s), so the proxy that took the sending over waits seconds, not a minute.
  const leaseTtlMs = options.leaseTtlMs ?? proxyDefaults.leaseTtlMs;
  await app.register(postgresPlugin, { url: options.databaseUrl, idleInTransactionMs: Math.max(2 * leaseTtlMs, 5000) });
  await app.register(journalPlugin, {
    path: options.journalPath,
    minFreeMb: options.journalMinFreeMb,
    retentionDays: options.journalRetentionDays,
  });
  await app.register(peoplePlugin, { path: besideJournal(options.journalPath, 'desk.sqlite') });
  await app.register(doorPlugin, {
    sessionsPath: besideJournal(options.journalPath, 'sessions.sqlite'),
    terminalToken: options.terminalToken,
    maxSessions: options.maxSessions ?? proxyDefaults.maxSessions,
    allowedHosts: options.allowedHosts ?? [],
  });
  await app.register(openApiPlugin);
  await app.register(rateLimitsPlugin, { perSession: options.sessionRateLimit ?? proxyDefaults.sessionRateLimit });
  await app.register(servicePlugin, { baseUrl: options.serviceBaseUrl, timeoutMs: serviceTimeoutMs, coalesceMs: options.coalesceMs });
  await app.register(tapePlugin, {
    path: besideJournal(options.journalPath, 'tape.sqlite'),
    retentionDays: options.tapeRetentionDays,
    backfill: options.tapeBackfill,
    polls: options.tapePolls,
  });
  await app.register(senderPlugin, {
    accounts,
    pacingMs: options.pacingMs,
    stopGraceMs: serviceTimeoutMs,
    limits: {
      ticketsInFlightPerSession: options.maxTicketsInFlight ?? proxyDefaults.maxTicketsInFlight,
      maxQueueDelayMs: (options.maxQueueSeconds ?? proxyDefaults.maxQueueSeconds) * 1000,
    },
  });

  await app.register(heldPlugin, { maxHeld: options.maxHeldOrders ?? proxyDefaults.maxHeldOrders, twapClock: options.twapClock });
  await app.register(bracketsPlugin, { maxHeld: options.maxHeldOrders ?? proxyDefaults.maxHeldOrders });
  await app.register(preferencesPlugin, { sqlitePath: besideJournal(options.journalPath, 'desk.sqlite') });
  await app.register(deskPlugin, { leaseTtlMs });
  await app.register(deskRulesPlugin, { sqlitePath: besideJournal(options.journalPath, 'desk.sqlite'), approvalTtlMs: options.approvalTtlMs });

  await app.register(marketReadsRoutes);
  await app.register(batchOrdersRoutes, { maxTicketOrders: options.maxTicketOrders ?? proxyDefaults.maxTicketOrders });
  await app.register(ticketsRoutes);
  await app.register(ordersRoutes);
  await app.register(heldOrdersRoutes);
  await app.register(bracketsRoutes);
  await app.register(sessionRoutes);
  await app.register(preferencesRoutes);
  await app.register(deskRoutes);
  await app.register(approvalsRoutes);
  await app.register(auditRoutes);
  await app.register(healthRoutes);
  await app.register(accountsRoutes);
  await app.register(tapeRoutes);
  await app.register(openApiRoutes);
  await app.register(terminalRoutes, { distDir: options.distDir });

  await app.ready();
  return { app, door: app.door, journal: app.journal, clock: app.serviceClock, sender: app.sender, recovered: app.recoveredOrders };
}
