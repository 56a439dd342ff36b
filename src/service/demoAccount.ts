import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod/mini';
import { describeIssues } from '../interface';
import { parseSecret, parseServiceKey } from '../interface/keys';
import { createAccountCredentials, type AccountCredentials } from './accounts';

const demoAccountSchema = z.object({
  accountId: z.string().check(z.minLength(1)),
  key: z.string().check(
    z.refine((key) => {
      try {
        parseServiceKey(key);
        return true;
      } catch {
        return false;
      }
    }, 'expected ed25519:<base58 public key>'),
  ),
  secret: z.string().check(
    z.refine((secret) => {
      try {
        parseSecret(secret);
        return true;
      } catch {
        return false;
      }
    }, 'expected the base58 Ed25519 seed'),
  ),
});

/**
 * The demo account of `npm start`: created on first start (readable by the owner only) and reused
 * after, so the journal and the service keep talking about the same account.
 */
export async function loadOrCreateDemoAccount(
  file: string,
): Promise<{ account: AccountCredentials; created: boolean }> {
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${file} is not valid JSON; delete it to create a new demo account`);
    }
    const parsed = demoAccountSchema.safeParse(json);
    if (!parsed.success) {
      throw new Error(`${file}: ${describeIssues(parsed.error)}; delete it to create a new demo account`);
    }
    return { account: parsed.data, created: false };
  }
  const account = createAccountCredentials();
  // The folder holds the secret: the user's alone, as the proxy makes DATA_DIR.
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return { account, created: true };
}
