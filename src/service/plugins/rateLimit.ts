import type { preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errorReply, REQUESTS_PER_SECOND } from '@/interface';
import { KeyRateLimit } from '../rateLimit';
import { signerOf } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** preValidation hook after checkSignature: the family's batch requests per second per key. */
    limitBatches: preValidationAsyncHookHandler;
  }
}

export interface RateLimitOptions {
  /** Batch requests per second per key; false turns the limit off (load tests). */
  perSecond?: number | false;
}

export default fp<RateLimitOptions>(
  async (fastify, options) => {
    const perSecond = options.perSecond ?? REQUESTS_PER_SECOND;
    const limit = perSecond === false ? undefined : new KeyRateLimit(perSecond);
    fastify.decorate('limitBatches', async function limitBatches(request, reply) {
      if (!limit) return;
      const { key, receivedAt } = signerOf(request);
      const taken = limit.take(key, receivedAt);
      if (taken.allowed) return;
      reply.header('retry-after', Math.ceil(taken.retryAfterMs / 1000));
      const { status, body } = errorReply(
        'rateLimited',
        `rate limited: at most ${perSecond} batch request per second per key; retry in ${taken.retryAfterMs} ms`,
      );
      return reply.code(status).send(body);
    } satisfies preValidationAsyncHookHandler);
  },
  { name: 'service-rate-limit', dependencies: ['service-auth'] },
);
