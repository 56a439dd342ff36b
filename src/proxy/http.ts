import type { FastifyReply } from 'fastify';
import { errorCodes, errorEnvelope, type ErrorCodeName } from '../interface';

/** The family's error envelope with the status its code goes with (or `status`). */
export function sendError(reply: FastifyReply, name: ErrorCodeName, message: string, status?: number) {
  const { code, status: defaultStatus } = errorCodes[name];
  return reply.code(status ?? defaultStatus).send(errorEnvelope(code, message));
}
