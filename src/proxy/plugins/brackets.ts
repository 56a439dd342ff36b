import fp from 'fastify-plugin';
import { Brackets } from '../held/brackets';

export interface BracketsPluginOptions {
  /** MAX_HELD_ORDERS. */
  maxHeld: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    brackets: Brackets;
  }
}

/**
 * Brackets: an entry sent now, its exits held until its answer. At start (the journal recovered,
 * the held orders loaded) exits a crash left awaiting their entry are settled by its status.
 */
export const bracketsPlugin = fp<BracketsPluginOptions>(
  async (app, options) => {
    const brackets = new Brackets({ journal: app.journal, sender: app.sender, held: app.held, log: app.log, maxHeld: options.maxHeld });
    const settled = app.journal.kind === 'sqlite' ? await brackets.recover() : 0;
    if (settled > 0) app.log.info({ entries: settled }, 'bracket exits left awaiting their entry settled from the journal');
    app.decorate('brackets', brackets);
  },
  { name: 'brackets', dependencies: ['journal', 'sender', 'held'] },
);
