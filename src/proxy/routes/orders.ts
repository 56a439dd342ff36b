import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import { describeIssues, journalOrderSchema, ordersQuerySchema, type OrdersQuery } from '../../interface';
import { csvLines } from '../csv';
import { sendError } from '../http';
import type { Journal } from '../journal';

/** Small pages: each is one synchronous query and its text, a few ms at most. */
const CSV_PAGE = 100;

/**
 * The filtered journal as CSV, newest first, one page at a time with a turn of the event loop
 * between pages: memory stays one page whatever the journal's size, and other requests are
 * answered while a large export streams.
 */
async function* ordersCsv(journal: Journal, query: OrdersQuery): AsyncGenerator<string> {
  const columns = Object.keys(journalOrderSchema.shape);
  yield csvLines([columns]);
  let cursor = query.cursor;
  for (;;) {
    const page = journal.listOrders({ ...query, cursor, limit: CSV_PAGE });
    yield csvLines(page.rows.map((row) => columns.map((column) => row[column as keyof typeof row])));
    if (!page.next_cursor) return;
    cursor = page.next_cursor;
    await nextTurn();
  }
}

/** The journal's orders, as pages of JSON or a CSV export. */
export const ordersRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/orders', { config: { access: 'session' } }, async (request, reply) => {
    const query = ordersQuerySchema.safeParse(request.query);
    if (!query.success) return sendError(reply, 'invalidParameter', describeIssues(query.error));
    return { success: true, data: app.journal.listOrders(query.data), timestamp: Date.now() };
  });

  app.get('/api/orders.csv', { config: { access: 'session' } }, async (request, reply) => {
    const query = ordersQuerySchema.safeParse(request.query);
    if (!query.success) return sendError(reply, 'invalidParameter', describeIssues(query.error));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .send(Readable.from(ordersCsv(app.journal, query.data)));
  });
};
