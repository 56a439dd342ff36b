import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { auditPageSchema, auditQuerySchema, errorEnvelopeSchema, type AuditQuery } from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import type { AuditLog } from '../desk/people';
import { csvLines } from '../http/csv';

const CSV_PAGE = 200;
const COLUMNS = ['id', 'at', 'time', 'actor', 'action', 'subject', 'address', 'detail'] as const;

/**
 * The filtered trail as CSV, newest first, a page at a time (memory stays one page). Every text
 * field passes csvLines, which quotes what a spreadsheet would run as a formula: an actor or a
 * subject is chosen by whoever made it.
 */
async function* auditCsv(audit: AuditLog, query: AuditQuery): AsyncGenerator<string> {
  yield csvLines([COLUMNS]);
  let cursor = query.cursor;
  for (;;) {
    const page = await audit.list({ ...query, cursor, limit: CSV_PAGE });
    yield csvLines(
      page.rows.map((row) => [row.id, row.at, new Date(row.at).toISOString(), row.actor, row.action, row.subject, row.address, JSON.stringify(row.detail)]),
    );
    if (!page.next_cursor) return;
    cursor = page.next_cursor;
    await nextTurn();
  }
}

/** The audit trail (risk and admin): pages of JSON, newest first, or the whole filtered trail as CSV. */
export const auditRoutes: ZodRoutes = async (app) => {
  const config = { access: 'session' as const, action: 'viewAudit' as const };
  const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
  app.get('/api/audit', { config, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema, ...errors } } }, async (request) => ({
    success: true as const,
    data: await app.audit.list(request.query),
    timestamp: Date.now(),
  }));

  // A stream is sent as it is: only the query is declared.
  app.get('/api/audit.csv', { config: { ...config, doc: { summary: 'The filtered audit trail as CSV', produces: 'text/csv' } }, schema: { querystring: auditQuerySchema } }, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit.csv"')
      .send(Readable.from(auditCsv(app.audit, request.query))),
  );
};
