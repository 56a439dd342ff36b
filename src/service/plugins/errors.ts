import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { errorReply, type ErrorReply } from '@/interface';

function send(reply: FastifyReply, { status, body }: ErrorReply) {
  return reply.code(status).send(body);
}

/**
 * Every failure leaves the service in the family's error envelope: a client error keeps its status
 * and its message, anything else is an internal error whose details stay in the log.
 */
export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: Pick<FastifyError, 'statusCode' | 'message'>, _request, reply) => {
      const status = error.statusCode ?? 500;
      if (status === 415) {
        return send(reply, errorReply('invalidParameter', 'Content-Type must be application/json', 415));
      }
      if (status >= 400 && status < 500) return send(reply, errorReply('invalidParameter', error.message, status));
      fastify.log.error(error);
      return send(reply, errorReply('unknown', 'internal error'));
    });
    fastify.setNotFoundHandler((request, reply) =>
      send(reply, errorReply('notFound', `no route ${request.method} ${request.url}`)),
    );
  },
  { name: 'service-errors' },
);
