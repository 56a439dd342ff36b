import bs58 from 'bs58';
import { KEY_PREFIX } from './auth';

// Keys are the proxy's and the service's business: this module is not in the interface's index, so
// the terminal's bundle never carries a base58 codec it has no use for.

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
