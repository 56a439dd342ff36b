import type { FastifyReply, FastifyRequest } from 'fastify';
import { audited } from '../desk/audit';
import { sendError } from '../http/replies';
import { loginNavigation } from './checks';

/** This proxy's session cookie: named after the port the request came in on (one name for a desk). */
export const cookieOf = (request: FastifyRequest) => request.server.door.cookieName(request.raw.socket.localPort);

/**
 * `GET /?token=…`: trades the printed link's token for a session cookie and drops the token from
 * the address bar. Only the trader's own navigation counts: a request another page made is
 * refused before the door counts anything, so no page can use up the limits of wrong tokens. A
 * wrong token is logged (never the token itself) and counted per address and overall. A user's
 * one-time link (a desk) is traded the same way; the terminal token no longer signs in once the
 * proxy has users. A login is audited; a refusal is logged. The page
 * itself (`GET /` without a token) is never limited.
 */
export async function exchangeToken(request: FastifyRequest, reply: FastifyReply, token: string) {
  const { door } = request.server;
  if (request.method !== 'GET') return sendError(reply, 'invalidParameter', 'open the login link with GET');
  if (!loginNavigation(request.headers['sec-fetch-site'], request.headers['sec-fetch-mode'])) {
    request.log.warn({ client: request.ip, from: request.headers['sec-fetch-site'] }, 'login refused: not opened from the address bar');
    return sendError(reply, 'unauthorized', 'open the login link from the address bar, not from another page', 403);
  }
  const exchange = await door.exchange(token, request.ip);
  if (exchange.kind === 'limited') {
    request.log.warn({ client: request.ip }, 'login refused: too many wrong tokens (from this client or overall)');
    reply.header('retry-after', String(exchange.retryAfterSeconds));
    return sendError(reply, 'rateLimited', `too many wrong login links; retry in ${exchange.retryAfterSeconds} s`, 429);
  }
  if (exchange.kind === 'refused') {
    request.log.warn({ client: request.ip, failures: exchange.failures }, 'login refused: wrong or used token');
    return reply.redirect('/?login=refused', 303);
  }
  if (exchange.kind === 'desk') {
    request.log.warn({ client: request.ip }, 'login refused: the terminal token, on a desk (each person signs in with their own link)');
    return reply.redirect('/?login=refused', 303);
  }
  reply.setCookie(cookieOf(request), exchange.id, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: door.sessionMaxAgeSeconds,
  });
  await audited(request, 'login', exchange.person.implicit ? null : exchange.person.name, {}, exchange.person.name);
  return reply.redirect('/', 303);
}
