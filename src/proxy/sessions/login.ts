import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http';
import { loginFromAddressBar } from './checks';
import { sessionCookieName } from './door';

/** Logins per second per client address, whatever their token. */
const LOGIN_RATE = 10;

/** This proxy's session cookie: named after the port the request came in on. */
export const cookieOf = (request: FastifyRequest) => sessionCookieName(request.raw.socket.localPort);

/**
 * `GET /?token=…`: trades the printed link's token for a session cookie and drops the token from
 * the address bar. A wrong token is logged (never the token itself) and counted per client.
 */
export function exchangeToken(request: FastifyRequest, reply: FastifyReply, token: string) {
  const { door } = request.server;
  if (request.method !== 'GET') return sendError(reply, 'invalidParameter', 'open the login link with GET');
  if (!loginFromAddressBar(request.headers['sec-fetch-site'])) {
    request.log.warn({ client: request.ip, from: request.headers['sec-fetch-site'] }, 'login refused: not opened from the address bar');
    return sendError(reply, 'unauthorized', 'open the login link from the address bar, not from another page', 403);
  }
  const exchange = door.exchange(token, request.ip);
  if (exchange.kind === 'limited') {
    request.log.warn({ client: request.ip }, 'login refused: too many wrong tokens from this client');
    reply.header('retry-after', String(exchange.retryAfterSeconds));
    return sendError(reply, 'rateLimited', `too many wrong login links; retry in ${exchange.retryAfterSeconds} s`, 429);
  }
  if (exchange.kind === 'refused') {
    request.log.warn({ client: request.ip, failures: exchange.failures }, 'login refused: wrong or used token');
    return reply.redirect('/?login=refused', 303);
  }
  reply.setCookie(cookieOf(request), exchange.id, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: door.sessionMaxAgeSeconds,
  });
  return reply.redirect('/', 303);
}

/** The limit of the login route, per client address (it has no session yet). */
export const loginRateLimit = {
  max: LOGIN_RATE,
  timeWindow: 1000,
  keyGenerator: (request: FastifyRequest) => `ip:${request.ip}`,
  allowList: () => false,
};

