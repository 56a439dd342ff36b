import { createServiceApp, type ServiceApp, type ServiceOptions } from './app';

export { createAccountCredentials, type AccountCredentials } from './accounts';
export { loadOrCreateDemoAccount } from './demoAccount';
export type { ServiceApp, ServiceOptions };
export { createServiceApp };

export interface RunningService extends ServiceApp {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/** Starts the embedded service on host:port (port 0 picks a free one). */
export async function startService(
  options: ServiceOptions & { host?: string; port?: number } = {},
): Promise<RunningService> {
  const service = createServiceApp(options);
  const address = await service.app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return { ...service, url: address, close: () => service.app.close() };
}
