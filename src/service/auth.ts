import { verify } from 'node:crypto';
import {
  authHeaders,
  errorReply,
  MAX_CLOCK_SKEW_MS,
  signingMessage,
  type ErrorReply,
} from '../interface';
import { KeyFormatError, parseServiceKey } from '../interface/keys';
import type { AccountRegistry } from './accounts';

export type AuthOutcome =
  | { ok: true; accountId: string; key: string }
  | ({ ok: false } & ErrorReply);

export interface AuthInput {
  headers: Record<string, string | string[] | undefined>;
  method: string;
  /** Path with query string, as the client signed it. */
  path: string;
  body: string;
  now: number;
}

function header(headers: AuthInput['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const fail = (
  name: 'unauthorized' | 'badKeyFormat' | 'invalidParameter',
  message: string,
): AuthOutcome => ({ ok: false, ...errorReply(name, message) });

/** Decodes base64url with or without `=` padding; undefined when it is not base64url. */
function decodeSignature(text: string): Buffer | undefined {
  const unpadded = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(unpadded)) return undefined;
  return Buffer.from(unpadded, 'base64url');
}

/** Verifies the four headers and the Ed25519 signature exactly as docs/contract/decisions.md "Signing" says. */
export function authenticate(input: AuthInput, accounts: AccountRegistry): AuthOutcome {
  const values: Record<string, string> = {};
  for (const name of [
    authHeaders.accountId,
    authHeaders.key,
    authHeaders.signature,
    authHeaders.timestamp,
  ]) {
    const value = header(input.headers, name);
    if (value === undefined || value === '') return fail('unauthorized', `missing header ${name}`);
    values[name] = value;
  }
  const accountId = values[authHeaders.accountId]!;
  const key = values[authHeaders.key]!;
  const signatureText = values[authHeaders.signature]!;
  const timestampText = values[authHeaders.timestamp]!;

  try {
    parseServiceKey(key);
  } catch (error) {
    if (error instanceof KeyFormatError) {
      return fail('badKeyFormat', `${authHeaders.key}: ${error.message}`);
    }
    throw error;
  }
  const signature = decodeSignature(signatureText);
  if (!signature || signature.length !== 64) {
    return fail('badKeyFormat', `${authHeaders.signature}: expected 64 bytes in base64url`);
  }
  if (!/^\d{1,16}$/.test(timestampText)) {
    return fail(
      'invalidParameter',
      `${authHeaders.timestamp}: expected milliseconds since the epoch as a decimal string`,
    );
  }
  const timestamp = Number(timestampText);
  const skew = input.now - timestamp;
  if (Math.abs(skew) > MAX_CLOCK_SKEW_MS) {
    return fail(
      'unauthorized',
      `timestamp expired: ${timestamp} is ${Math.abs(skew)} ms ${skew > 0 ? 'behind' : 'ahead of'} the service clock ${input.now} (at most ${MAX_CLOCK_SKEW_MS} ms allowed)`,
    );
  }
  const recvWindowText = header(input.headers, authHeaders.recvWindow);
  if (recvWindowText !== undefined) {
    const recvWindow = Number(recvWindowText);
    if (recvWindowText.trim() === '' || !Number.isFinite(recvWindow) || recvWindow <= 0) {
      return fail('invalidParameter', `${authHeaders.recvWindow}: expected a positive number of ms`);
    }
    if (skew > recvWindow) {
      return fail(
        'unauthorized',
        `recv window expired: the request arrived ${skew} ms after its timestamp, more than ${authHeaders.recvWindow} ${recvWindow} ms`,
      );
    }
  }

  const lookup = accounts.lookup(accountId, key);
  if (!lookup.found) return fail('unauthorized', `${lookup.reason}`);

  const message = Buffer.from(signingMessage({ timestamp: timestampText, method: input.method, path: input.path, body: input.body }), 'utf8');
  if (!verify(null, message, lookup.publicKey, signature)) {
    return fail('unauthorized', 'signature does not match the request');
  }
  return { ok: true, accountId, key };
}
