import type { preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate } from '../auth';

/** Who signed the request, and when the service received it (one reading of the clock for the whole request). */
export interface Signer {
  accountId: string;
  key: string;
  receivedAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preValidation hook: refuses a request whose Ed25519 signature does not check out. */
    checkSignature: preValidationAsyncHookHandler;
  }
  interface FastifyRequest {
    signer: Signer | null;
  }
}

/** Reads the signer that checkSignature left on the request; a route without the hook is a bug. */
export function signerOf(request: { signer: Signer | null }): Signer {
  if (!request.signer) throw new Error('the route reads a signer without the checkSignature hook');
  return request.signer;
}

/** The signature check of docs/contract/decisions.md "Signing", for the routes that trade. */
export default fp(
  async (fastify) => {
    // The signature covers the exact bytes, so the body is kept as text; the route's schema reads it.
    fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    fastify.decorateRequest('signer', null);
    fastify.decorate('checkSignature', async function checkSignature(request, reply) {
      const receivedAt = fastify.clock();
      const body = typeof request.body === 'string' ? request.body : '';
      const auth = authenticate(
        { headers: request.headers, method: request.method, path: request.url, body, now: receivedAt },
        fastify.accounts,
      );
      if (!auth.ok) return reply.code(auth.status).send(auth.body);
      request.signer = { accountId: auth.accountId, key: auth.key, receivedAt };
    } satisfies preValidationAsyncHookHandler);
  },
  { name: 'service-auth', dependencies: ['service-market'] },
);
