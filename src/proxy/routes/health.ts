import type { FastifyInstance } from 'fastify';
import { futuresResponseSchema, healthSchema, readinessSchema, type Health, type Readiness } from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';

/** Each account's sending: whether this proxy sends for it, and on a desk its lease as the database has it. */
async function accountsSending(app: FastifyInstance) {
  return Promise.all(
    app.accountBook.views().map(async ({ name, accountId }) => {
      const lease = app.leases?.get(name);
      const holder = lease ? await lease.holderOf().catch(() => undefined) : undefined;
      return {
        name,
        accountId,
        sending: app.sender.sendingFor(name),
        lease: lease ? { thisProxy: lease.held, holder: holder?.holder ?? null, token: holder?.token ?? null, expiresAt: holder?.expiresAt ?? null } : null,
      };
    }),
  );
}

/** Whether the service answers, how far its clock is, and what in the journal needs attention. */
export const healthRoutes: ZodRoutes = async (app) => {
  const schema = { response: { 200: healthSchema } };
  app.get('/api/health', { config: { access: 'session' }, schema }, async (): Promise<Health> => {
    const probe = await app.reads.read('/v1/public/futures', 'the market data', futuresResponseSchema);
    const counts = await app.journal.countLive();
    const accounts = await accountsSending(app);
    return {
      success: true,
      data: {
        service: {
          url: app.proxyOptions.serviceBaseUrl,
          embedded: app.proxyOptions.embedded,
          reachable: probe.status === 200,
          latencyMs: app.serviceClient.lastLatencyMs ?? null,
          error: probe.status === 200 ? null : (JSON.parse(probe.body) as { message: string }).message,
        },
        clock: app.serviceClock.status(),
        journal: { unknownOrders: counts.unknown, sendingOrders: counts.pending + counts.sent },
        tape: {
          recordedSnapshots: app.tape.counts.recordedSnapshots,
          skippedSnapshots: app.tape.counts.skippedSnapshots,
          skippedRows: app.tape.counts.skippedRows,
          failedWrites: app.tape.counts.failedWrites,
          damagedBlocks: app.tape.store.damagedBlocks,
          lastRecordedAt: app.tape.lastRecordedAt,
          recordingSince: app.tape.store.firstRecorded,
          instruments: app.tape.instrumentCount,
          fileBytes: app.tape.store.fileBytes(),
        },
        database: app.postgres && { target: app.postgres.target, available: app.postgres.available, outageSince: app.postgres.outageSince },
        lease: accounts[0]!.lease,
        accountId: accounts[0]!.accountId,
        accounts,
      },
      timestamp: Date.now(),
    };
  });

  // For a load balancer's health check: public, cheap (one query to the journal), and silent
  // about the account. A proxy whose database is away is taken out of rotation until it is back.
  const readiness = { response: { 200: readinessSchema, 503: readinessSchema } };
  app.get('/api/health/ready', { config: { access: 'public' }, schema: readiness }, async (_request, reply): Promise<Readiness> => {
    const journal = app.journal.kind;
    try {
      await app.journal.countLive();
      return { ready: true, journal, sending: app.sender.sending, problem: null };
    } catch (error) {
      reply.code(503).header('retry-after', '5');
      return { ready: false, journal, sending: app.sender.sending, problem: (error as Error).message };
    }
  });
};
