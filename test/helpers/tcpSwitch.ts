import { connect, createServer, type Socket } from 'node:net';

/**
 * A loopback TCP relay to a port that a test can cut and restore: a database outage (every open
 * connection dropped, new ones refused at once) without stopping the real server behind it.
 */
export interface TcpSwitch {
  port: number;
  /** Drops every relayed connection; new ones are closed as soon as they open. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpSwitch(targetPort: number): Promise<TcpSwitch> {
  const open = new Set<Socket>();
  let up = true;
  const server = createServer((inbound) => {
    if (!up) {
      inbound.destroy();
      return;
    }
    const outbound = connect(targetPort, '127.0.0.1');
    for (const socket of [inbound, outbound]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the switch has no port');
  const dropAll = () => open.forEach((socket) => socket.destroy());
  return {
    port: address.port,
    cut: () => {
      up = false;
      dropAll();
    },
    restore: () => {
      up = true;
    },
    close: async () => {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
