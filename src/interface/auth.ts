/** Headers of POST /v1/batch-order (docs/contract/interface.md 5 and 8). */
export const authHeaders = {
  accountId: 'service-account-id',
  key: 'service-key',
  signature: 'service-signature',
  timestamp: 'service-timestamp',
  recvWindow: 'x-recv-window',
} as const;

/** The longest `x-recv-window` the proxy signs and the ticket lets a trader set, in ms. */
export const MAX_RECV_WINDOW_MS = 60_000;

/** A verifier rejects a timestamp further than this from its own clock (docs/contract/decisions.md). */
export const MAX_CLOCK_SKEW_MS = 300_000;
export const KEY_PREFIX = 'ed25519:';

export interface SignedRequest {
  timestamp: number | string;
  method: string;
  /** Path with its query string, no scheme or host. */
  path: string;
  /** The exact bytes sent; empty for a request with no body. */
  body: string;
}

/** docs/contract/decisions.md: `timestamp + METHOD + path + body`, signed as UTF-8. */
export function signingMessage({ timestamp, method, path, body }: SignedRequest): string {
  return `${timestamp}${method.toUpperCase()}${path}${body}`;
}
