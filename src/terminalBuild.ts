import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestChange(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/**
 * Builds the terminal into `root`/dist when it is missing or older than its sources (`npm start`,
 * and whatever starts the app and cannot wait for it to build itself). Says so through `say`.
 */
export async function ensureTerminalBuilt(root: string, say: (line: string) => void): Promise<void> {
  const built = newestChange(join(root, 'dist', 'index.html'));
  const sources = Math.max(
    ...['src/terminal', 'src/interface', 'public', 'index.html', 'vite.config.ts'].map((path) => newestChange(join(root, path))),
  );
  if (built > sources) return;
  say('Building the terminal…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}
