import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * What the trader reads when the browser's request headers are over Node's limit (16 kB). In
 * practice that is cookies: cookies ignore ports, so any page served from another port of this
 * host (or of `localhost`) can set cookies here, big enough that every request is too large. The
 * proxy cannot take them away (a cookie is removed only by naming its path, which the request
 * does not carry), so the page says what happened and how to clear them; the limit stays.
 */
export const HEADERS_TOO_LARGE = [
  'The request headers are too large (over 16 kB), so the terminal cannot answer.',
  '',
  'This is almost always cookies: a page served from another port of this address (127.0.0.1 or',
  'localhost) can set cookies that the browser then sends here too, since cookies ignore the port.',
  '',
  'To clear them: open the browser\'s site settings for this address (the icon left of the address),',
  'choose "Cookies and site data" and delete them, or clear cookies for 127.0.0.1 / localhost in',
  'the browser\'s settings; then open the terminal\'s link again. You will have to sign in again.',
  '',
].join('\n');

type ClientError = Error & { code?: string };

/**
 * Fastify's answer to a request Node could not parse, with words for the one a trader's browser
 * can meet: headers over the limit. Other errors are answered as Fastify would (400, 408).
 */
export function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  // Called again for each further piece of a request already answered: it was answered once.
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, body, type] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, HEADERS_TOO_LARGE, 'text/plain; charset=utf-8']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, '{"success":false,"message":"the request did not arrive in time"}', 'application/json']
        : [400, '{"success":false,"message":"the request could not be read"}', 'application/json'];
  if (status === 431) this.log.warn({ client: socket.remoteAddress }, 'request headers over the limit (planted cookies?)');
  // Ended, not destroyed: a socket closed with the rest of the request unread is reset, and the
  // browser would lose the answer with it. The rest is read (and ignored) until the browser closes.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: ${type}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 2000).unref();
}
