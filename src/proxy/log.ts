import type { FastifyBaseLogger } from 'fastify';

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Request lines without their query string: the login link carries the terminal token, and no
 * token, cookie or key may reach a log.
 */
export const requestSerializers = {
  req(request: { method: string; url: string }) {
    return { method: request.method, url: request.url.split('?')[0] };
  },
};
