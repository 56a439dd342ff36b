import * as z from 'zod/mini';
import { errorEnvelopeSchema, idempotencyKeySchema, ticketResponseSchema } from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { mayRead } from '../http/accountOf';
import { sendError } from '../http/replies';

const params = z.object({ id: idempotencyKeySchema });

/** A ticket's result as the journal has it: how the terminal follows a ticket after a reload. */
export const ticketsRoutes: ZodRoutes = async (app) => {
  app.get(
    '/api/tickets/:id',
    { config: { access: 'session' }, schema: { params, response: { 200: ticketResponseSchema, '4xx': errorEnvelopeSchema } } },
    async (request, reply) => {
      const result = await app.journal.ticketResult(request.params.id);
      // Another book's ticket is answered as one that is not there: its existence is theirs too.
      if (!result || result.rows.some((row) => !mayRead(request, row.account))) return sendError(reply, 'notFound', `no ticket ${request.params.id} in the journal`);
      return { success: true as const, data: result, timestamp: Date.now() };
    },
  );
};
