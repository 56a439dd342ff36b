import { readFileSync, statSync } from 'node:fs';
import * as z from 'zod/mini';
import { deskNameSchema, describeIssues } from '../interface';
import { KeyFormatError, parseSecret, parseServiceKey } from '../interface/keys';
import type { ServiceAccount } from './options';
import { createSigner } from './sending/signer';

/** Whether `parse` takes the text; its words are kept for the field's message, never the text. */
const parses = (parse: (text: string) => unknown, message: string) =>
  z.string().check(
    z.refine((text) => {
      try {
        parse(text);
        return true;
      } catch (error) {
        if (error instanceof KeyFormatError) return false;
        throw error;
      }
    }, message),
  );

const accountEntrySchema = z.object({
  name: deskNameSchema,
  accountId: z.string().check(z.minLength(1, 'expected the account id at the service')),
  key: parses(parseServiceKey, 'expected ed25519:<base58 public key>'),
  secret: parses(parseSecret, 'expected the base58 Ed25519 seed of the key'),
});

/** ACCOUNTS_FILE: `{ "accounts": [{ "name", "accountId", "key", "secret" }, …] }`. */
export const accountsFileSchema = z.object({ accounts: z.array(accountEntrySchema).check(z.minLength(1, 'expected at least one account')) });

export class AccountsFileError extends Error {}

/**
 * The accounts of ACCOUNTS_FILE, beside the environment's own. The file holds secrets: it is
 * refused unless it is the user's and no one else may read or write it (0600 or narrower). Every
 * problem names the file and the field; no secret is ever in the words.
 */
export function readAccountsFile(path: string, uid = process.getuid?.()): ServiceAccount[] {
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    throw new AccountsFileError(`ACCOUNTS_FILE ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const mode = stat.mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new AccountsFileError(`ACCOUNTS_FILE ${path} has mode 0${mode.toString(8)}: it holds secrets, make it the user's alone (chmod 600 ${path})`);
  }
  if (uid !== undefined && stat.uid !== uid) {
    throw new AccountsFileError(`ACCOUNTS_FILE ${path} belongs to user ${stat.uid}, not to the user running the proxy (${uid})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new AccountsFileError(`ACCOUNTS_FILE ${path} is not valid JSON`);
  }
  const parsed = accountsFileSchema.safeParse(json);
  if (!parsed.success) throw new AccountsFileError(`ACCOUNTS_FILE ${path}: ${describeIssues(parsed.error)}`);
  parsed.data.accounts.forEach((account, index) => {
    if (createSigner(account.secret).key !== account.key) {
      throw new AccountsFileError(`ACCOUNTS_FILE ${path}: accounts[${index}].secret does not belong to accounts[${index}].key (its public key differs)`);
    }
  });
  return parsed.data.accounts;
}
