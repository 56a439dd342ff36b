import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '../http';

/** A ticket's result as the journal has it: how the terminal follows a ticket after a reload. */
export const ticketsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>('/api/tickets/:id', { config: { access: 'session' } }, async (request, reply) => {
    const result = app.journal.ticketResult(request.params.id);
    if (!result) return sendError(reply, 'notFound', `no ticket ${request.params.id} in the journal`);
    return { success: true, data: result, timestamp: Date.now() };
  });
};
