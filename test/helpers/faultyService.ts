import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Ways a service can misbehave, each one a real HTTP behaviour on a real socket. */
export type Fault =
  | 'pass'
  | 'hang'
  | 'html-500'
  | 'malformed-200'
  | 'rate-limit-429'
  | 'wrong-row-count'
  | 'drop-after-request'
  | 'error-401'
  | 'invalid-futures'
  | 'slow-then-pass'
  | 'very-slow-then-pass';

export interface FaultyService {
  url: string;
  /** Requests that reached this service, by method and path. */
  requests: { method: string; path: string; body: string; headers: IncomingMessage['headers']; at: number }[];
  /** Every answer this service sent, in order: what a client was served. */
  served: { path: string; status: number; text: string }[];
  /** Makes the next requests to `path` misbehave (all of them when `times` is omitted). */
  fail(path: string, fault: Fault, times?: number): void;
  /** Answers `path` with this JSON from now on (a service with another config, say). */
  respond(path: string, body: unknown, status?: number): void;
  close(): Promise<void>;
}

/**
 * A test service in front of a real one: it forwards everything unchanged, and can be told to
 * misbehave on a path. Every request that arrives is recorded, so a test can count what reached it.
 */
export async function startFaultyService(upstream: string): Promise<FaultyService> {
  const faults = new Map<string, { fault: Fault; left: number }>();
  const answers = new Map<string, { status: number; body: string }>();
  const requests: FaultyService['requests'] = [];
  const served: FaultyService['served'] = [];
  const sockets = new Set<Socket>();

  const forward = async (request: IncomingMessage, body: string) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length' && name !== 'connection') headers[name] = value;
    }
    const response = await fetch(upstream + (request.url ?? '/'), {
      method: request.method,
      headers,
      body: request.method === 'GET' ? undefined : body,
    });
    return { status: response.status, type: response.headers.get('content-type') ?? 'application/json', text: await response.text() };
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      requests.push({ method: request.method ?? 'GET', path, body, headers: request.headers, at: Date.now() });
      const entry = faults.get(path);
      let fault: Fault = 'pass';
      if (entry && entry.left > 0) {
        fault = entry.fault;
        entry.left -= 1;
      }
      const send = (status: number, type: string, text: string) => {
        served.push({ path, status, text });
        response.writeHead(status, { 'content-type': type });
        response.end(text);
      };
      const canned = answers.get(path);
      if (fault === 'pass' && canned) return send(canned.status, 'application/json', canned.body);
      switch (fault) {
        case 'hang':
          return; // never answers; the client's timeout has to fire
        case 'drop-after-request':
          request.socket.destroy();
          return;
        case 'html-500':
          return send(500, 'text/html', '<html><body><h1>500 Internal Server Error</h1><p>nginx</p></body></html>');
        case 'malformed-200':
          return send(200, 'application/json', '{"success": true, "data": {"rows": [');
        case 'rate-limit-429':
          return send(429, 'application/json', JSON.stringify({ success: false, code: -1003, message: 'too many requests' }));
        case 'error-401':
          return send(401, 'application/json', JSON.stringify({ success: false, code: '-1002', message: 'signature expired' }));
        case 'invalid-futures': {
          const real = await forward(request, body);
          const json = JSON.parse(real.text) as { data: { rows: Record<string, unknown>[] } };
          if (json.data.rows[2]) json.data.rows[2].mark_price = 'NaN';
          return send(200, 'application/json', JSON.stringify(json));
        }
        case 'wrong-row-count': {
          const real = await forward(request, body);
          const json = JSON.parse(real.text) as { data: { rows: unknown[] } };
          json.data.rows = json.data.rows.slice(1);
          return send(real.status, real.type, JSON.stringify(json));
        }
        case 'slow-then-pass':
          await new Promise((resolve) => setTimeout(resolve, 300));
          break;
        case 'very-slow-then-pass':
          // Long enough for a trader to switch layouts while the answer is on its way.
          await new Promise((resolve) => setTimeout(resolve, 4000));
          break;
        default:
          break;
      }
      try {
        const real = await forward(request, body);
        send(real.status, real.type, real.text);
      } catch {
        request.socket.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    served,
    fail(path, fault, times = Number.POSITIVE_INFINITY) {
      faults.set(path, { fault, left: times });
    },
    respond(path, body, status = 200) {
      answers.set(path, { status, body: JSON.stringify(body) });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
