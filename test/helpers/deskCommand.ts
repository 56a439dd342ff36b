import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { root } from './app';
import { childCompileCache, serverBundle } from './serverBundle';

const exec = promisify(execFile);

/** `npm run desk -- …` as an operator runs it (from the tests' bundle of its sources), in its own process, against `env`'s store. */
export async function deskCommand(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await exec(process.execPath, [serverBundle('desk'), ...args], {
      cwd: root,
      env: { ...inherited, ...childCompileCache, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
