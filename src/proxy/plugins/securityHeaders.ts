import fp from 'fastify-plugin';
import helmet from 'helmet';

/** CSP with no inline script, no framing, no referrer; helmet's middleware built once. */
export const securityHeadersPlugin = fp(
  async (app) => {
    // @fastify/helmet rebuilds the middleware on every request.
    const securityHeaders = helmet({
      hsts: false,
      referrerPolicy: { policy: 'no-referrer' },
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    });
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
    );
  },
  { name: 'security-headers' },
);
