import type { QueryClient } from '@tanstack/react-query';

/**
 * State that lives as long as one query client and belongs to it alone (a feed's memory, its
 * backoff): two clients — two tabs' worth of tests, a bench page beside the app — never share it.
 * Keyed weakly, so a client that is dropped takes its state with it.
 */
export function perQueryClient<T>(create: () => T): (client: QueryClient) => T {
  const owned = new WeakMap<QueryClient, T>();
  return (client) => {
    let value = owned.get(client);
    if (value === undefined) {
      value = create();
      owned.set(client, value);
    }
    return value;
  };
}
