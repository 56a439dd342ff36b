import fp from 'fastify-plugin';
import helmet from 'helmet';

type HeaderStep = { set: true; name: string; value: string | number | readonly string[] } | { set: false; name: string };

/**
 * What helmet does to a response, recorded once: with these options every header it sets is fixed
 * (no nonce, nothing read from the request), so replaying its steps gives every response the same
 * headers without running its dozen middlewares per request.
 */
function recordHeaders(middleware: ReturnType<typeof helmet>): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => steps.push({ set: true, name, value }),
    removeHeader: (name: string) => steps.push({ set: false, name }),
  };
  let finished = false;
  let failed: unknown;
  middleware({} as never, response as never, (error?: unknown) => {
    finished = true;
    failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  if (!finished || steps.length === 0) throw new Error('helmet did not set its headers at once: they cannot be recorded');
  return steps;
}

/** CSP with no inline script, no framing, no referrer; helmet's headers worked out once. */
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
    const steps = recordHeaders(securityHeaders);
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const step of steps) {
        if (step.set) raw.setHeader(step.name, step.value);
        else raw.removeHeader(step.name);
      }
      done();
    });
  },
  { name: 'security-headers' },
);
