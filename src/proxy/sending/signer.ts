import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { signingMessage, type SignedRequest } from '../../interface';
import { formatServiceKey, parseSecret } from '../../interface/keys';

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
  // The message is encoded into one reused buffer: signing is synchronous, and a fresh buffer per
  // signature (a new pool slab every few signatures) costs a measurable share of the signature.
  let scratch = Buffer.allocUnsafe(16 * 1024);
  const signText = (text: string) => {
    // A UTF-16 code unit never takes more than 3 bytes of UTF-8.
    if (text.length * 3 > scratch.length) scratch = Buffer.allocUnsafe(text.length * 3);
    const length = scratch.write(text, 0, 'utf8');
    return sign(null, scratch.subarray(0, length), privateKey).toString('base64url');
  };
  // The message's parts written one after another: the same bytes as signingMessage(request),
  // without first joining them into one string that the write would have to flatten.
  const signRequest = (request: SignedRequest) => {
    const { body } = request;
    const head = `${request.timestamp}${request.method.toUpperCase()}${request.path}`;
    if ((head.length + body.length) * 3 > scratch.length) return signText(signingMessage(request));
    const headLength = scratch.write(head, 0, 'utf8');
    const length = headLength + scratch.write(body, headLength, 'utf8');
    return sign(null, scratch.subarray(0, length), privateKey).toString('base64url');
  };
  return { key, signText, sign: signRequest };
}
