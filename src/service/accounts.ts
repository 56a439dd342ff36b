import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { formatSecret, formatServiceKey, parseServiceKey } from '../interface/keys';

/** What a client needs to trade: the account, its public key and the private seed. */
export interface AccountCredentials {
  accountId: string;
  key: string;
  secret: string;
}

/** A new account id and Ed25519 key pair, in the formats of docs/contract/decisions.md. */
export function createAccountCredentials(): AccountCredentials {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const publicJwk = publicKey.export({ format: 'jwk' });
  const privateJwk = privateKey.export({ format: 'jwk' });
  if (!publicJwk.x || !privateJwk.d) throw new Error('Ed25519 key export lacks x or d');
  return {
    accountId: `0x${randomBytes(32).toString('hex')}`,
    key: formatServiceKey(Buffer.from(publicJwk.x, 'base64url')),
    secret: formatSecret(Buffer.from(privateJwk.d, 'base64url')),
  };
}

export function publicKeyObject(key: string): KeyObject {
  const raw = parseServiceKey(key);
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') },
    format: 'jwk',
  });
}

export type KeyLookup =
  | { found: true; publicKey: KeyObject }
  | { found: false; reason: 'unknown account' | 'key not registered for this account' };

/** Accounts and the public keys allowed to sign for them. */
export class AccountRegistry {
  private readonly accounts = new Map<string, Map<string, KeyObject>>();

  /** Throws KeyFormatError when the key is not `ed25519:<base58 of 32 bytes>`. */
  register(accountId: string, key: string): void {
    const publicKey = publicKeyObject(key);
    let keys = this.accounts.get(accountId);
    if (!keys) {
      keys = new Map();
      this.accounts.set(accountId, keys);
    }
    keys.set(key, publicKey);
  }

  lookup(accountId: string, key: string): KeyLookup {
    const keys = this.accounts.get(accountId);
    if (!keys) return { found: false, reason: 'unknown account' };
    const publicKey = keys.get(key);
    if (!publicKey) return { found: false, reason: 'key not registered for this account' };
    return { found: true, publicKey };
  }
}
