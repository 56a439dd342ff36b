import fp from 'fastify-plugin';
import { sendError } from '../http/replies';

/** What a path of ours may hold: every route and asset name is plain ASCII with no escapes. */
const PLAIN_PATH = /^\/[A-Za-z0-9._~/-]*$/;
const DOT_OR_EMPTY_SEGMENT = /\/\/|(^|\/)\.{1,2}(\/|$)/;

/**
 * Why a request target is not a plain origin-form path, if it is not. The router would decode
 * `%61pi` to `api` and route `http://host/api/…`; refusing them before routing means a path reaches
 * a handler only as it is written.
 */
export function targetProblem(target: string): string | undefined {
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  if (!path.startsWith('/')) return 'the request target must be a path (origin form), not an absolute URL';
  if (!PLAIN_PATH.test(path)) return 'the path may hold only letters, digits and "-", ".", "_", "~", "/" (no escapes)';
  if (DOT_OR_EMPTY_SEGMENT.test(path)) return 'the path must not hold empty, "." or ".." segments';
  return undefined;
}

/** First hook of every request, before any other check. */
export const requestTargetPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const problem = targetProblem(request.raw.url ?? '');
      if (problem) return sendError(reply, 'invalidParameter', `bad request target: ${problem}`);
      return undefined;
    });
  },
  { name: 'request-target' },
);
