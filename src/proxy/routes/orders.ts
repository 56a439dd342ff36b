import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { errorEnvelopeSchema, journalOrderSchema, ordersPageSchema, ordersQuerySchema } from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { readableAccounts, unreadableAccount } from '../http/accountOf';
import { csvLines } from '../http/csv';
import { sendError } from '../http/replies';

/** The journal's orders query, kept to the accounts the asker may read. */
type OrdersListing = Parameters<FastifyInstance['journal']['listOrders']>[0];

/** Small pages: each is one synchronous query and its text, a few ms at most. */
const CSV_PAGE = 100;

/**
 * The filtered journal as CSV, newest first, one page at a time with a turn of the event loop
 * between pages: memory stays one page whatever the journal's size, and other requests are
 * answered while a large export streams.
 */
async function* ordersCsv(journal: FastifyInstance['journal'], query: OrdersListing): AsyncGenerator<string> {
  const columns = Object.keys(journalOrderSchema.shape);
  yield csvLines([columns]);
  let cursor = query.cursor;
  for (;;) {
    const page = await journal.listOrders({ ...query, cursor, limit: CSV_PAGE });
    yield csvLines(page.rows.map((row) => columns.map((column) => row[column as keyof typeof row])));
    if (!page.next_cursor) return;
    cursor = page.next_cursor;
    await nextTurn();
  }
}

/** The journal's orders, as pages of JSON or a CSV export. */
export const ordersRoutes: ZodRoutes = async (app) => {
  const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
  app.get(
    '/api/orders',
    { config: { access: 'session' }, schema: { querystring: ordersQuerySchema, response: { 200: ordersPageSchema, ...errors } } },
    async (request, reply) => {
      const refused = unreadableAccount(request, request.query.account);
      if (refused) return sendError(reply, 'unauthorized', refused, 403);
      return { success: true as const, data: await app.journal.listOrders({ ...request.query, accounts: readableAccounts(request) }), timestamp: Date.now() };
    },
  );

  // A stream is sent as it is: only the query is declared.
  app.get('/api/orders.csv', { config: { access: 'session', doc: { summary: 'The filtered journal as CSV', produces: 'text/csv' } }, schema: { querystring: ordersQuerySchema } }, async (request, reply) => {
    const refused = unreadableAccount(request, request.query.account);
    if (refused) return sendError(reply, 'unauthorized', refused, 403);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .send(Readable.from(ordersCsv(app.journal, { ...request.query, accounts: readableAccounts(request) })));
  });
};
