import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorCodes } from '@/interface';

export interface RateLimitsOptions {
  /** Requests per second per session on protected routes. */
  perSession: number;
}

/**
 * Every protected route is limited per session. The door has run by then, so the bucket is a
 * validated session's, never a cookie value an attacker made up. Public routes (market reads,
 * files) are shared and coalesced instead; a public route may set its own limit (the login does).
 */
export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, options) => {
    await app.register(rateLimit, {
      global: true,
      max: options.perSession,
      timeWindow: 1000,
      keyGenerator: (request: FastifyRequest) => `s:${request.session?.key ?? 'none'}`,
      // Read per request: a route's access is final only once every onRoute hook has run.
      allowList: (request: FastifyRequest) => request.routeOptions.config.access === 'public',
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        success: false,
        code: errorCodes.rateLimited.code,
        message: `too many requests: at most ${context.max} per second; retry in ${context.after}`,
      }),
    });
  },
  { name: 'rate-limits', dependencies: ['door'] },
);
