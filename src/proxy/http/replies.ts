import type { FastifyReply } from 'fastify';
import { errorReply, type ErrorCodeName } from '../../interface';

/** Sends the family's error envelope (see errorReply, shared with the service). */
export function sendError(reply: FastifyReply, name: ErrorCodeName, message: string, status?: number) {
  const answer = errorReply(name, message, status);
  return reply.code(answer.status).send(answer.body);
}
