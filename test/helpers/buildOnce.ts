import { ensureTerminalBuilt } from '../../src/terminalBuild';
import { root } from './app';

/**
 * Vitest's global setup for the projects that start the real app: the terminal is built once,
 * before any file runs, when dist/ is missing or older than its sources. Without it every app a
 * test starts would build it itself (src/main.ts does, as `npm start` must), several at once
 * into the same dist/, after any edit of the terminal: minutes of CPU in the inner loop.
 */
export default async function buildOnce(): Promise<void> {
  await ensureTerminalBuilt(root, (line) => console.log(`[global setup] ${line}`));
}
