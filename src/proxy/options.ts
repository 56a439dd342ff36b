import type { TapeCandle } from '@/interface';

/**
 * Past minutes an embedded simulator can give a new tape, one instrument at a time (each oldest
 * first), none in or after the minute of `until` (ms).
 */
export type TapeBackfill = (until: number) => Iterable<{ symbol: string; candles: TapeCandle[] }>;

export interface ServiceAccount {
  /** What a ticket calls it (the `x-account` header); the environment's own account is `main` unless named. */
  name?: string;
  accountId: string;
  key: string;
  secret: string;
}

export interface ProxyOptions {
  serviceBaseUrl: string;
  /** True when the service is the embedded simulation (shown in health). */
  embedded: boolean;
  /** The environment's account (SERVICE_ACCOUNT_ID…), named `main` unless it has a name. */
  account: ServiceAccount;
  /** More accounts (ACCOUNTS_FILE; the embedded service's second demo account), each named. */
  accounts?: ServiceAccount[];
  journalPath: string;
  /**
   * A desk's PostgreSQL (DATABASE_URL, postgres://…): the proxies of one desk share what it holds
   * (for now the login sessions) and serve the desk behind a load balancer. Unset: SQLite files
   * beside `journalPath`, one proxy.
   */
  databaseUrl?: string;
  /** With a database: how long the sending lease lasts without a renew (LEASE_TTL_MS), the failover time. */
  leaseTtlMs?: number;
  /** How long a ticket over its author's approval threshold waits for a risk user (APPROVAL_TTL). */
  approvalTtlMs?: number;
  /** The built terminal; omitted in API-only tests. */
  distDir?: string;
  /** Address the proxy listens on. */
  host: string;
  /** Host names (beyond loopback) the terminal may be opened at; required to listen beyond loopback. */
  allowedHosts?: string[];
  terminalToken?: string;
  serviceTimeoutMs?: number;
  /** How long a request may take to arrive whole (ms, default 30 s): a client dripping it is cut off then. */
  requestTimeoutMs?: number;
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
  /** Orders in one ticket, at most (MAX_TICKET_ORDERS). */
  maxTicketOrders?: number;
  /** Tickets one session may have in flight (MAX_TICKETS_IN_FLIGHT). */
  maxTicketsInFlight?: number;
  /** How far behind the send queue may be before a ticket is refused (MAX_QUEUE_SECONDS), in s. */
  maxQueueSeconds?: number;
  /** Free disk below which the journal takes no ticket (JOURNAL_MIN_FREE_MB). */
  journalMinFreeMb?: number;
  /** Finished tickets older than this are deleted (JOURNAL_RETENTION_DAYS); 0 keeps everything. */
  journalRetentionDays?: number;
  /** Minutes older than this are deleted from the tape (TAPE_RETENTION_DAYS); 0 keeps everything. */
  tapeRetentionDays?: number;
  /**
   * Only with the embedded service: its simulated past, written (marked simulated) when the tape
   * is new, so a first start shows a chart at once. A real service has no such thing.
   */
  tapeBackfill?: TapeBackfill;
  /**
   * The tape polls the market feed itself (default), so it records whether or not a terminal is
   * open. Off, it records only what terminals read (tests that script the feed answer by answer).
   */
  tapePolls?: boolean;
  /** Held orders armed or paused at most (MAX_HELD_ORDERS). */
  maxHeldOrders?: number;
  /**
   * Tests only (no environment variable sets it): the clock TWAP schedules run on, so a test steps
   * through a schedule of minutes without waiting for it. Default: the wall clock.
   */
  twapClock?: () => number;
  /** Login sessions kept at most (MAX_SESSIONS); the oldest go first. */
  maxSessions?: number;
  logger?: boolean | { level?: string; stream?: { write(line: string): void } };
}

/** The limits' defaults, shared with the environment reader and docs/operations.md. */
export const proxyDefaults = {
  maxTicketOrders: 1000,
  maxTicketsInFlight: 4,
  maxQueueSeconds: 10,
  journalMinFreeMb: 64,
  journalRetentionDays: 90,
  tapeRetentionDays: 30,
  maxSessions: 50,
  maxHeldOrders: 500,
  sessionRateLimit: 50,
  serviceTimeoutMs: 5000,
  // A dead sender is replaced within the ttl plus one renew interval (a third of it): 3 s keeps
  // that under the 5 s a desk expects, renewing once a second.
  leaseTtlMs: 3000,
  approvalTtlMinutes: 10,
} as const;
