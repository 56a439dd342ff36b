import fp from 'fastify-plugin';
import { tvConfigEnvelopeSchema } from '@/interface';
import { ReadForwarder } from '../upstream/reads';
import { ServiceClient } from '../upstream/serviceClient';
import { ServiceClock } from '../upstream/clock';

const DEFAULT_COALESCE_MS = 250;
const MIN_COALESCE_MS = 50;
const MAX_COALESCE_MS = 1000;

export interface ServicePluginOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Fixed read-sharing window; unset, it follows the config's quotes interval. */
  coalesceMs?: number;
}

/** The service client, its clock, and the shared reads; the config is read once at start. */
export const servicePlugin = fp<ServicePluginOptions>(
  async (app, options) => {
    const clock = new ServiceClock();
    const client = new ServiceClient({ baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, clock });
    const reads = new ReadForwarder(client, options.coalesceMs ?? DEFAULT_COALESCE_MS);
    if (options.coalesceMs === undefined) {
      // Follows the config's quotes interval whenever the config is read.
      reads.onAnswer = (path, answer) => {
        if (path !== '/v1/tv/config' || answer.status !== 200) return;
        const config = JSON.parse(answer.body) as { d?: { pullingInterval?: { quotes?: unknown } } };
        const quotes = config.d?.pullingInterval?.quotes;
        if (typeof quotes === 'number' && Number.isFinite(quotes) && quotes >= MIN_COALESCE_MS) {
          reads.coalesceMs = Math.min(quotes, MAX_COALESCE_MS);
        }
      };
    }
    app.decorate('serviceClock', clock);
    app.decorate('serviceClient', client);
    app.decorate('reads', reads);
    // Learn the polling interval (and the service clock) before the first terminal asks.
    app.addHook('onReady', async () => {
      void reads.read('/v1/tv/config', 'the terminal configuration', tvConfigEnvelopeSchema).catch(() => undefined);
    });
    app.addHook('onClose', async () => client.close());
  },
  { name: 'service' },
);
