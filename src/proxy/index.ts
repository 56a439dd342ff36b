import { createProxyApp, type ProxyApp, type ProxyOptions } from './app';

export { LOOPBACK_ADDRESS, readProxyEnv, StartupError, type ProxyEnv, type ServiceAccount } from './env';
export { createSigner, type Signer } from './sending/signer';
export type { ProxyOptions };

export interface RunningProxy extends ProxyApp {
  /** Where the terminal is, e.g. http://127.0.0.1:8080/ */
  url: string;
  /** The same with the login token: the link to open. */
  loginUrl: string;
  close(): Promise<void>;
}

/** Starts the proxy on host:port (port 0 picks a free one). */
export async function startProxy(options: ProxyOptions & { port: number }): Promise<RunningProxy> {
  const proxy = await createProxyApp(options);
  await proxy.app.listen({ host: options.host, port: options.port });
  const address = proxy.app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/`;
  return {
    ...proxy,
    url,
    loginUrl: `${url}?token=${proxy.door.token}`,
    close: () => proxy.app.close(),
  };
}
