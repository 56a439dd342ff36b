/**
 * The parts `npm test` and `npm run test:fast` run at once (test/run/all.ts, test/run/fast.ts):
 * a part whose output is streamed, parts whose output is kept and printed when each ends (never
 * cut into the streamed lines), and the checks, one after another at a lower CPU priority.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..', '..');
export const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const CHECKS: { name: string; command: string; args: string[] }[] = [
  { name: 'types', command: bin('tsc'), args: ['--noEmit', '--incremental', '--tsBuildInfoFile', '.cache/tsc.tsbuildinfo'] },
  { name: 'lint', command: bin('eslint'), args: ['.', '--cache', '--cache-location', '.cache/eslint/'] },
  { name: 'dependency rules', command: bin('depcruise'), args: ['src', '--config', '.dependency-cruiser.cjs'] },
];

/** vitest's arguments for these projects; `extra` (a file filter, say) goes to each run. */
export const vitestArgs = (projects: string[], extra: string[]) => [
  'run',
  ...projects.flatMap((name) => ['--project', name]),
  ...(extra.length > 0 ? ['--passWithNoTests', ...extra] : []),
];

/** Runs a part with its output kept and printed when it ends. `nice` lowers its CPU priority. */
export function buffered(name: string, command: string, args: string[], nice = 0): Promise<boolean> {
  return new Promise((done) => {
    const env = { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' };
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    if (child.pid !== undefined && nice > 0) setPriority(child.pid, nice);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      console.error(`\n[tests] ${name}: could not start (${error.message})`);
      done(false);
    });
    child.on('close', (code) => {
      // A check that passed says so in a line; a test run's summary is worth its lines.
      if (code === 0) console.log(nice > 0 ? `\n[tests] ${name}: ok` : `\n[tests] ${name}: ok\n${output}`);
      else console.error(`\n[tests] ${name}: failed (exit ${code})\n${output}`);
      done(code === 0);
    });
  });
}

/** Runs a part with its output streamed as it comes. */
export function streamed(name: string, command: string, args: string[]): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`\n[tests] ${name}: could not start (${error.message})`);
      done(false);
    });
    child.on('close', (code) => {
      if (code !== 0) console.error(`\n[tests] ${name}: failed (exit ${code})`);
      done(code === 0);
    });
  });
}

/** Types, lint and the dependency rules, one after another at a lower CPU priority; the names of those that failed. */
export async function checks(): Promise<string[]> {
  const failed: string[] = [];
  for (const { name, command, args } of CHECKS) if (!(await buffered(name, command, args, 10))) failed.push(name);
  return failed;
}

/** Prints what failed, if anything, and sets the exit code. */
export function conclude(results: { name: string; passed: boolean }[]): void {
  const failed = results.filter((result) => !result.passed).map((result) => result.name);
  console.log(failed.length === 0 ? '\n[tests] all passed' : `\n[tests] failed: ${failed.join(', ')}`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}
