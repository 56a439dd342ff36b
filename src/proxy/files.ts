import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Creates `path`'s folder (0700) and the file itself (0600) before SQLite opens it: SQLite gives
 * its -wal and -shm files the database file's mode, so the journal and its logs stay the user's.
 * An existing file or folder is narrowed to the same modes.
 */
export function preparePrivateFile(path: string): void {
  if (path === ':memory:') return;
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}
