import * as z from 'zod/mini';
import './zod';

/** A desk's sending lease of an account: which proxy sends for it. */
const leaseSchema = z.object({
  thisProxy: z.boolean(),
  /** The holder's name (host:pid:random), null when nobody holds it now. */
  holder: z.nullable(z.string()),
  token: z.nullable(z.int()),
  expiresAt: z.nullable(z.int()),
});

/** GET /api/health of the proxy: can it reach the service, how fast, and how far off is its clock. */
export const healthSchema = z.object({
  success: z.literal(true),
  data: z.object({
    service: z.object({
      url: z.string(),
      embedded: z.boolean(),
      reachable: z.boolean(),
      latencyMs: z.nullable(z.number()),
      error: z.nullable(z.string()),
    }),
    clock: z.object({
      /** Service clock minus proxy clock (ms), used to stamp signed requests. */
      offsetMs: z.number(),
      uncertaintyMs: z.nullable(z.number()),
      samples: z.int(),
    }),
    journal: z.object({
      unknownOrders: z.int(),
      sendingOrders: z.int(),
    }),
    /** The market tape (GET /api/tape/candles): what it recorded and skipped, and its file. */
    tape: z.object({
      recordedSnapshots: z.int(),
      /** Answers with no timestamp or rows: nothing of them recorded. */
      skippedSnapshots: z.int(),
      /** Rows that failed the market row's schema, each skipped alone (the rest recorded). */
      skippedRows: z.int(),
      /** Writes of a minute that failed (the minute is lost). */
      failedWrites: z.int(),
      /** Stored hours of minutes found damaged since the start: read as gaps, their bytes set aside. */
      damagedBlocks: z.int(),
      /** Service time of the last snapshot recorded (ms), null before the first. */
      lastRecordedAt: z.nullable(z.int()),
      /** First minute recorded from the service (not simulated), ms. */
      recordingSince: z.nullable(z.int()),
      instruments: z.int(),
      fileBytes: z.int(),
    }),
    /** The desk's database (DATABASE_URL), null when the journal is a SQLite file. */
    database: z.nullable(
      z.object({
        /** The URL with its password replaced by ***. */
        target: z.string(),
        available: z.boolean(),
        /** When the current outage began (ms), null when the database answers. */
        outageSince: z.nullable(z.int()),
      }),
    ),
    /** A desk's sending lease of the first account (`main`); null for a proxy on its own. */
    lease: z.nullable(leaseSchema),
    accountId: z.string(),
    /** Each account the proxy signs for (issue 30): whether this proxy sends for it now, and its lease on a desk. */
    accounts: z.optional(
      z.array(z.object({ name: z.string(), accountId: z.string(), sending: z.boolean(), lease: z.nullable(leaseSchema) })),
    ),
  }),
  timestamp: z.int(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * GET /api/health/ready, for a load balancer (no session): 200 when this proxy can take tickets
 * (its journal answers), 503 when it cannot. Nothing in it names the account or the service.
 */
export const readinessSchema = z.object({
  ready: z.boolean(),
  journal: z.enum(['sqlite', 'postgres']),
  /** Whether this proxy sends for the account (always alone; the lease's holder on a desk). */
  sending: z.boolean(),
  /** Why it is not ready, in words; null when it is. */
  problem: z.nullable(z.string()),
});
export type Readiness = z.infer<typeof readinessSchema>;
