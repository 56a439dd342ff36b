import type { DeskAction, Person } from '../interface';
import type { OpenApiDocument, RouteDoc } from './http/openapi';
import type { JournalStore } from './journal';
import type { ProxyOptions } from './options';
import type { ReadForwarder } from './upstream/reads';
import type { ServiceClient } from './upstream/serviceClient';
import type { ServiceClock } from './upstream/clock';
import type { Postgres } from './postgres';
import type { Door, Session } from './sessions';
import type { AccountSenders } from './sending/accounts';

/** Who may reach a route: anyone who passes the host and origin checks, or a signed-in terminal. */
export type RouteAccess = 'public' | 'session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Undeclared means 'session': a new route is protected until it says otherwise. */
    access?: RouteAccess;
    /**
     * What the route does, for the desk's roles (issue 30): the door answers 403 naming the role
     * and the action when the signed-in person may not. Undeclared on a session route: 'read'.
     */
    action?: DeskAction;
    /** What the API document (GET /api/openapi.json) says of the route beyond its schemas. */
    doc?: RouteDoc;
  }
  interface FastifyInstance {
    proxyOptions: ProxyOptions;
    journal: JournalStore;
    /** The desk's database when DATABASE_URL is set (plugins/postgres.ts), else null. */
    postgres: Postgres | null;
    /** Orders found pending or sent at start and made unknown. */
    recoveredOrders: number;
    door: Door;
    serviceClient: ServiceClient;
    serviceClock: ServiceClock;
    reads: ReadForwarder;
    /** Sending, one sender per account (see AccountSenders). */
    sender: AccountSenders;
    /** Every route with the access it declared (for the door's tests and operators). */
    routeTable(): { method: string; url: string; access: RouteAccess }[];
    /** The OpenAPI 3.1 document of every route, naming the session cookie `cookieName` (plugins/openapi.ts). */
    openApiDocument(cookieName: string): OpenApiDocument;
  }
  interface FastifyRequest {
    /** The request's valid session, set by the door; null when it has none. */
    session: Session | null;
    /** The session cookie's value, when it names a valid session. */
    sessionId: string | null;
    /** Who is signed in: a desk's user, or the implicit admin-trader of single-token mode; null without a session. */
    person: Person | null;
  }
}
