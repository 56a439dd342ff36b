import Fastify, { type FastifyInstance } from 'fastify';
import type { TvConfig } from '../interface';
import { AccountRegistry } from './accounts';
import { terminalConfig } from './config';
import { pastMinutes } from './market/backfill';
import { instrumentsFor } from './market/instruments';
import { MarketSimulator } from './market/simulator';
import { OrderDesk } from './orderDesk';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import marketPlugin from './plugins/market';
import rateLimitPlugin from './plugins/rateLimit';
import schemasPlugin from './plugins/schemas';
import batchOrderRoutes from './routes/batchOrder';
import configRoutes from './routes/config';
import futuresRoutes from './routes/futures';

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
  /**
   * The simulated last day as 1-minute candles, for the proxy's new tape. Handed to the proxy
   * in-process by the entry point, only when this service is embedded: never an HTTP endpoint.
   */
  pastMinutes: (until: number) => ReturnType<typeof pastMinutes>;
}

/**
 * The embedded service: the three endpoints of interface.md over simulated markets. Only wiring
 * here; each concern is a plugin (plugins/) and each resource a file of routes (routes/).
 */
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

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024 });
  app.register(schemasPlugin);
  app.register(errorsPlugin);
  app.register(marketPlugin, { market, desk, accounts, clock, tvConfig: options.config ?? terminalConfig });
  app.register(authPlugin);
  app.register(rateLimitPlugin, { perSecond: options.rateLimitPerSecond });

  app.register(configRoutes);
  app.register(futuresRoutes);
  app.register(batchOrderRoutes);

  return { app, accounts, market, desk, clock, pastMinutes: (until) => pastMinutes(market, until) };
}
