import type { FastifyPluginAsync } from 'fastify';
import { futuresResponseSchema, type Health } from '../../interface';

/** Whether the service answers, how far its clock is, and what in the journal needs attention. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', { config: { access: 'session' } }, async (): Promise<Health> => {
    const probe = await app.reads.read('/v1/public/futures', 'the market data', futuresResponseSchema);
    const counts = app.journal.countLive();
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
        accountId: app.proxyOptions.account.accountId,
      },
      timestamp: Date.now(),
    };
  });
};
