import bs58 from 'bs58';

/** Headers of POST /v1/batch-order (interface.md 5 and 8). */
export const authHeaders = {
  accountId: 'service-account-id',
  key: 'service-key',
  signature: 'service-signature',
  timestamp: 'service-timestamp',
  recvWindow: 'x-recv-window',
} as const;

/** The longest `x-recv-window` the proxy signs and the ticket lets a trader set, in ms. */
export const MAX_RECV_WINDOW_MS = 60_000;

/** A verifier rejects a timestamp further than this from its own clock (CONTRACT.md). */
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

/** CONTRACT.md: `timestamp + METHOD + path + body`, signed as UTF-8. */
export function signingMessage({ timestamp, method, path, body }: SignedRequest): string {
  return `${timestamp}${method.toUpperCase()}${path}${body}`;
}

export class KeyFormatError extends Error {}

function decode32(text: string, what: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(text);
  } catch {
    throw new KeyFormatError(`${what} is not base58 (Bitcoin alphabet)`);
  }
  if (bytes.length !== 32) {
    throw new KeyFormatError(`${what} decodes to ${bytes.length} bytes, expected 32`);
  }
  return bytes;
}

/** `ed25519:<base58 public key>` → the 32-byte public key. */
export function parseServiceKey(key: string): Uint8Array {
  if (!key.startsWith(KEY_PREFIX)) throw new KeyFormatError(`must start with "${KEY_PREFIX}"`);
  return decode32(key.slice(KEY_PREFIX.length), 'the key after "ed25519:"');
}

export function formatServiceKey(publicKey: Uint8Array): string {
  return KEY_PREFIX + bs58.encode(publicKey);
}

/** The base58 32-byte private seed; an `ed25519:` prefix is accepted and ignored. */
export function parseSecret(secret: string): Uint8Array {
  const text = secret.startsWith(KEY_PREFIX) ? secret.slice(KEY_PREFIX.length) : secret;
  return decode32(text, 'the secret');
}

export function formatSecret(seed: Uint8Array): string {
  return bs58.encode(seed);
}
