/**
 * `npm run test:fast`, the inner loop: types, lint and the dependency rules, and the unit,
 * component and integration tests; no browser. Three parts run at once:
 * - the integration files in one vitest (its output streamed): they mostly wait (real servers,
 *   paced requests, leases), one vitest runs its projects one after another, and so the CPUs
 *   idled through those waits;
 * - the unit and component files in a second vitest, which fills the waits (its output printed
 *   when it ends);
 * - the checks, one after another at a lower CPU priority (their output printed when each ends).
 * The command fails when any part fails, and says which. Arguments go to both vitest runs.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const CHECKS: { name: string; command: string; args: string[] }[] = [
  { name: 'types', command: bin('tsc'), args: ['--noEmit', '--incremental', '--tsBuildInfoFile', '.cache/tsc.tsbuildinfo'] },
  { name: 'lint', command: bin('eslint'), args: ['.', '--cache', '--cache-location', '.cache/eslint/'] },
  { name: 'dependency rules', command: bin('depcruise'), args: ['src', '--config', '.dependency-cruiser.cjs'] },
];
const EXTRA = process.argv.slice(2);
const vitestArgs = (projects: string[]) => ['run', ...projects.flatMap((name) => ['--project', name]), ...(EXTRA.length > 0 ? ['--passWithNoTests', ...EXTRA] : [])];

/** Runs a part with its output kept, printed when it ends: it never cuts into the streamed lines. */
function buffered(name: string, command: string, args: string[], nice = 0): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    if (child.pid !== undefined && nice > 0) setPriority(child.pid, nice);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      console.error(`\n[test:fast] ${name}: could not start (${error.message})`);
      done(false);
    });
    child.on('close', (code) => {
      if (code === 0 && nice > 0) console.log(`\n[test:fast] ${name}: ok`);
      else if (code === 0) console.log(`\n[test:fast] ${name}: ok\n${output}`);
      else console.error(`\n[test:fast] ${name}: failed (exit ${code})\n${output}`);
      done(code === 0);
    });
  });
}

async function checks(): Promise<string[]> {
  const failed: string[] = [];
  for (const { name, command, args } of CHECKS) if (!(await buffered(name, command, args, 10))) failed.push(name);
  return failed;
}

function streamed(args: string[]): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(bin('vitest'), args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => done(false));
    child.on('close', (code) => done(code === 0));
  });
}

const [failedChecks, integrationPassed, unitAndComponentPassed] = await Promise.all([
  checks(),
  streamed(vitestArgs(['integration'])),
  buffered('unit and component tests', bin('vitest'), vitestArgs(['unit', 'component'])),
]);
const failed = [...failedChecks, ...(integrationPassed ? [] : ['integration tests']), ...(unitAndComponentPassed ? [] : ['unit and component tests'])];
console.log(failed.length === 0 ? '\n[test:fast] all passed' : `\n[test:fast] failed: ${failed.join(', ')}`);
process.exitCode = failed.length === 0 ? 0 : 1;
