import fp from 'fastify-plugin';
import { RequestSchemaError } from '@/interface/routeSchemas';
import { sendError } from '../http/replies';
import { parseJsonStrict } from '../http/strictJson';
import { DatabaseUnavailableError } from '../postgres/failures';

export const BODY_LIMIT = 256 * 1024;

/**
 * Every failure leaves as the family's error envelope; a JSON body with a key twice is refused
 * (the last would win, and that is what would be signed).
 */
export const errorsPlugin = fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseJsonStrict(body as string));
      } catch (error) {
        done(Object.assign(error as Error, { statusCode: 400 }), undefined);
      }
    });
    app.setErrorHandler((error: { statusCode?: number; message: string; code?: string }, request, reply) => {
      // The desk's database is away: nothing was done, and the client may try again shortly.
      if (error instanceof DatabaseUnavailableError) {
        reply.header('retry-after', '5');
        return sendError(reply, 'unknown', error.message, 503);
      }
      const status = error.statusCode ?? 500;
      if (status === 429) return sendError(reply, 'rateLimited', error.message, 429);
      if (status === 413) return sendError(reply, 'invalidParameter', `body larger than ${BODY_LIMIT / 1024} KiB`, 413);
      if (status === 415) return sendError(reply, 'invalidParameter', 'Content-Type must be application/json', 415);
      if (error instanceof RequestSchemaError && error.unknownKeys) return sendError(reply, 'unknownParameter', error.message);
      if (status >= 400 && status < 500) return sendError(reply, 'invalidParameter', error.message, status);
      request.log.error({ err: { message: error.message, code: error.code } }, 'request failed');
      return sendError(reply, 'unknown', 'internal error in the proxy; the journal has the state of every ticket');
    });
    app.setNotFoundHandler((request, reply) =>
      sendError(reply, 'notFound', `no route ${request.method} ${request.url.split('?')[0]}`),
    );
  },
  { name: 'errors' },
);
