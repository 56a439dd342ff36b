import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends `target` exactly as written (no URL normalisation, as fetch would do) on a fresh
 * connection, and reads the status, headers and body of the answer. `from` is the loopback
 * address the connection comes from (Linux routes all of 127.0.0.0/8 to this machine).
 */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
  from?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', ...(from ? { localAddress: from } : {}) });
    let received = '';
    const lines = [`${method} ${target} HTTP/1.1`, 'Connection: close'];
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'host')) lines.push(`Host: 127.0.0.1:${port}`);
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)));
    // write, not end: a server may drop a half-closed connection before its answer is ready.
    socket.on('connect', () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (!match?.[1]) return reject(new Error(`no HTTP answer to ${method} ${target}: ${JSON.stringify(received.slice(0, 80))}`));
      const split = received.indexOf('\r\n\r\n');
      resolve({ status: Number(match[1]), headers: received.slice(0, split), body: received.slice(split + 4) });
    });
  });
}
