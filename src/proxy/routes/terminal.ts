import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { pageScriptHashes, withScriptHashes } from '../http/inlineScripts';
import { sendError } from '../http/replies';
import { exchangeToken } from '../sessions/login';

export interface TerminalRoutesOptions extends Record<string, unknown> {
  /** The built terminal; omitted in API-only tests (then only the login is served at '/'). */
  distDir?: string;
}

const FRONT_DOOR = {
  summary: "The terminal's page; with ?token=… a login link: answers 303 with the session cookie (Set-Cookie), see docs/api.md",
  produces: 'text/html',
};

/**
 * The terminal's files and its front door. Everything here is public: the page must load to show
 * "no session", and the files hold nothing of the account.
 */
export const terminalRoutes: ZodRoutes<TerminalRoutesOptions> = async (app, options) => {
  // Public, and only the files and the front door: any other route here would be public unseen.
  app.addHook('onRoute', (route) => {
    if (route.url !== '/' && route.url !== '/*') {
      throw new Error(`${route.url}: the terminal's scope serves only its files and '/'; register other routes in their own module`);
    }
    const doc = route.url === '/' ? FRONT_DOOR : { summary: "The terminal's built files", produces: 'application/octet-stream' };
    route.config = { ...route.config, access: 'public', doc };
  });
  const { distDir } = options;
  // The page's own inline script (the first rows, see firstRowsBuild.ts) is allowed by its hash on
  // the page, at '/' and as the file /index.html (without it there the terminal would never
  // start); every other response keeps the CSP with no inline script at all.
  const pageHashes = distDir ? pageScriptHashes(`${distDir}/index.html`) : undefined;
  const allowPageScripts = (reply: FastifyReply) => {
    // securityHeaders.ts wrote the fixed CSP on the raw response.
    const csp = reply.raw.getHeader('content-security-policy');
    if (pageHashes && typeof csp === 'string') reply.header('content-security-policy', withScriptHashes(csp, pageHashes()));
  };
  if (distDir) {
    if (!existsSync(`${distDir}/index.html`)) {
      throw new Error(`the terminal is not built (${distDir}/index.html is missing): run npm run build`);
    }
    await app.register(fastifyStatic, {
      root: distDir,
      // '/' is its own route: @fastify/static answers 404 for a directory index when it looks for
      // precompressed files.
      index: false,
      // The build writes .br and .gz beside each asset; they go to browsers that accept them.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // The page as a file (its .br or .gz when the browser takes them).
        if (/^index\.html(\.br|\.gz)?$/.test(relative(distDir, path))) allowPageScripts(reply);
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const querystring = z.object({ token: z.optional(z.string()), login: z.optional(z.string()) });
  app.get('/', { schema: { querystring } }, (request, reply) => {
    const { token } = request.query;
    if (typeof token === 'string') return exchangeToken(request, reply, token);
    if (distDir) {
      allowPageScripts(reply);
      return reply.sendFile('index.html');
    }
    return sendError(reply, 'notFound', 'no terminal is served here (API only)');
  });
};
