import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { formatServiceKey, parseSecret, signingMessage, type SignedRequest } from '../interface';

/** DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface Signer {
  /** `ed25519:<base58 public key>` of the secret. */
  readonly key: string;
  /** base64url (no padding) Ed25519 signature of the request's signing message. */
  sign(request: SignedRequest): string;
  /** The signature of arbitrary text; for tests and benchmarks of the signer itself. */
  signText(text: string): string;
}

/**
 * Holds the account's private key as a KeyObject: the secret string is not kept, and a KeyObject
 * prints no key material if it ever reaches a log.
 */
export function createSigner(secret: string): Signer {
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, parseSecret(secret)]),
    format: 'der',
    type: 'pkcs8',
  });
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  if (!jwk.x) throw new Error('Ed25519 public key export lacks x');
  const key = formatServiceKey(Buffer.from(jwk.x, 'base64url'));
  const signText = (text: string) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64url');
  return {
    key,
    signText,
    sign: (request) => signText(signingMessage(request)),
  };
}
