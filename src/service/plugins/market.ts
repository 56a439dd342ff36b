import fp from 'fastify-plugin';
import type { TvConfig } from '@/interface';
import type { AccountRegistry } from '../accounts';
import type { MarketSimulator } from '../market/simulator';
import type { OrderDesk } from '../orderDesk';

/** The simulated world the routes serve: made by createServiceApp, which hands it to tests too. */
export interface SimulatedMarket {
  market: MarketSimulator;
  desk: OrderDesk;
  accounts: AccountRegistry;
  /** The service clock (ms); tests skew it to play a service whose clock is off. */
  clock: () => number;
  tvConfig: TvConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketSimulator;
    desk: OrderDesk;
    accounts: AccountRegistry;
    clock: () => number;
    tvConfig: TvConfig;
  }
}

export default fp<SimulatedMarket>(
  async (fastify, world) => {
    fastify.decorate('market', world.market);
    fastify.decorate('desk', world.desk);
    fastify.decorate('accounts', world.accounts);
    fastify.decorate('clock', world.clock);
    fastify.decorate('tvConfig', world.tvConfig);
  },
  { name: 'service-market' },
);
