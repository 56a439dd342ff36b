import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signingMessage } from '@/interface';
import { formatSecret, parseSecret, parseServiceKey } from '@/interface/keys';
import { createSigner } from '@/proxy';
import { createAccountCredentials } from '@/service';

/**
 * A fixed vector: seed 00 01 02 … 1f, timestamp 1700000000000, one order. The expected key and
 * signature were derived outside this code base, twice, and agree:
 *
 *   python3 (cryptography 48): Ed25519PrivateKey.from_private_bytes(bytes(range(32))).sign(message),
 *     base64url without padding; public key from public_bytes(Raw), base58 with the Bitcoin alphabet.
 *   openssl 3.0: printf '302e020100300506032b657004220420' + seed hex | xxd -r -p > k.der;
 *     openssl pkey -inform DER -in k.der -out k.pem;
 *     openssl pkeyutl -sign -inkey k.pem -rawin -in message.txt | base64 | tr '+/' '-_' | tr -d '='
 */
const seed = Uint8Array.from({ length: 32 }, (_, i) => i);
const secret = '1thX6LZfHDZZKUs92febYZhYRcXddmzfzF2NvTkPNE';
const key = 'ed25519:FAe4sisG95oZ42w7buUn5qEE4TAnfTTFPiguZUHmhiF';
const body =
  '{"orders":[{"symbol":"PERP_BTC_USDC","order_type":"LIMIT","side":"BUY","order_price":100012.5,"order_quantity":0.01}]}';
const message = `1700000000000POST/v1/batch-order${body}`;
const signature = 'bWzNAPGoZOZ6Sf9_8O5SaArHdUVyizAu3VO-9zDJGCenqbLrWrdwzqazNNO0ND1glTpgO7C2PBYpva3EEchDAg';

describe('signing', () => {
  it('builds the message as timestamp + METHOD + path + body', () => {
    expect(signingMessage({ timestamp: 1700000000000, method: 'post', path: '/v1/batch-order', body })).toBe(message);
    expect(signingMessage({ timestamp: '1', method: 'GET', path: '/v1/x?a=1', body: '' })).toBe('1GET/v1/x?a=1');
  });

  it('encodes the seed and public key in base58 as docs/contract/decisions.md says', () => {
    expect(formatSecret(seed)).toBe(secret);
    expect(Buffer.from(parseSecret(secret)).equals(Buffer.from(seed))).toBe(true);
    expect(Buffer.from(parseSecret(`ed25519:${secret}`)).equals(Buffer.from(seed))).toBe(true);
    expect(createSigner(secret).key).toBe(key);
  });

  it('signs the fixed vector with the independently derived signature', () => {
    const signer = createSigner(secret);
    expect(signer.sign({ timestamp: 1700000000000, method: 'POST', path: '/v1/batch-order', body })).toBe(signature);
    expect(signer.signText(message)).toBe(signature);
  });

  it('signs exactly the bytes of the signing message, whatever the body holds or its length', () => {
    const signer = createSigner(secret);
    const tagged = body.replace('"LIMIT"', '"LIMIT","order_tag":"café 日本 \\u0000 😀"');
    const long = `{"orders":[${Array.from({ length: 400 }, () => tagged.slice(12, -2)).join(',')}]}`;
    for (const request of [
      { timestamp: 1700000000000, method: 'post', path: '/v1/batch-order', body: tagged },
      { timestamp: '42', method: 'GET', path: '/v1/x?a=é', body: '' },
      { timestamp: 1700000000001, method: 'POST', path: '/v1/batch-order', body: long },
    ]) {
      expect(signer.sign(request)).toBe(signer.signText(signingMessage(request)));
    }
    expect(long.length * 3).toBeGreaterThan(16 * 1024);
  });

  it('matches RFC 8032 test 2 (one byte 0x72) for the bare Ed25519 step', () => {
    const rfcSeed = Buffer.from('4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb', 'hex');
    const expected = Buffer.from(
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
      'hex',
    ).toString('base64url');
    expect(createSigner(formatSecret(rfcSeed)).signText('r')).toBe(expected);
  });

  it('produces keys that verify with the public key the service registers', () => {
    const account = createAccountCredentials();
    const signer = createSigner(account.secret);
    expect(signer.key).toBe(account.key);
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(parseServiceKey(account.key)).toString('base64url') },
      format: 'jwk',
    });
    const signed = signer.signText('hello');
    expect(verify(null, Buffer.from('hello'), publicKey, Buffer.from(signed, 'base64url'))).toBe(true);
    expect(verify(null, Buffer.from('hellO'), publicKey, Buffer.from(signed, 'base64url'))).toBe(false);
  });

  it('refuses keys and secrets of the wrong shape', () => {
    expect(() => parseServiceKey('FAe4sisG95oZ42w7buUn5qEE4TAnfTTFPiguZUHmhiF')).toThrow(/ed25519:/);
    expect(() => parseServiceKey('ed25519:0OIl')).toThrow(/base58/);
    expect(() => parseSecret('abc')).toThrow(/bytes, expected 32/);
  });
});
