import fp from 'fastify-plugin';
import { futuresResponseSchema, type FuturesResponse } from '@/interface';
import { HeldOrders } from '../held/holder';

const FUTURES = '/v1/public/futures';

export interface HeldPluginOptions {
  /** MAX_HELD_ORDERS. */
  maxHeld: number;
  /** Tests only: the clock of TWAP schedules. */
  twapClock?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    held: HeldOrders;
  }
}

/**
 * Orders the proxy holds. Every armed order of the journal is armed again at start. While any is
 * armed the proxy polls the market feed itself once a quotes interval, whether or not a terminal is
 * open (the tape's poll in the same interval shares the one request), and judges each answer's
 * marks: one asked for more than two intervals ago fires nothing.
 */
export const heldPlugin = fp<HeldPluginOptions>(
  async (app, options) => {
    const interval = () => (app.reads.coalesceMs > 0 ? app.reads.coalesceMs : 500);
    const readMarks = async () => {
      const asked = Date.now();
      const reply = await app.reads.read(FUTURES, 'the market data', futuresResponseSchema).catch(() => undefined);
      if (reply?.status !== 200) return;
      const rows = (JSON.parse(reply.body) as FuturesResponse).data.rows;
      held.judge(rows, reply.askedAt ?? asked);
    };
    const held = new HeldOrders({
      journal: app.journal,
      sender: app.sender,
      log: app.log,
      maxHeld: options.maxHeld,
      staleAfterMs: () => 2 * interval(),
      readMarks,
      twapClock: options.twapClock,
      // The kill switch (the desk's rules, registered after this plugin, read when an order crosses).
      halted: (row) => app.deskRules.tradingOff(row.placed_by, row.account),
    });
    // On a desk the proxy that takes the sending arms them (plugins/desk.ts).
    const loaded = app.journal.kind === 'sqlite' ? await held.load() : 0;
    if (loaded > 0) app.log.info({ held: loaded }, 'held orders armed again from the journal');
    app.decorate('held', held);

    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const poll = async () => {
      if (held.armed > 0) await readMarks().catch((error: Error) => app.log.error({ err: { message: error.message } }, 'held orders: a poll failed'));
      if (closed) return;
      const every = interval();
      timer = setTimeout(() => void poll(), every - (Date.now() % every) + 1);
    };
    app.addHook('onReady', async () => {
      void poll();
    });
    app.addHook('preClose', async () => {
      closed = true;
      clearTimeout(timer);
      held.stop();
    });
  },
  { name: 'held', dependencies: ['journal', 'service', 'sender'] },
);
