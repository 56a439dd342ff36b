import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readProxyEnv } from '../../src/proxy';
import { createAccountCredentials } from '../../src/service';
import { root } from '../helpers/app';

const account = createAccountCredentials();
const remote = {
  SERVICE_BASE_URL: 'https://api.example.com/',
  SERVICE_ACCOUNT_ID: account.accountId,
  SERVICE_KEY: account.key,
  SERVICE_SECRET: account.secret,
};
const problem = (env: Record<string, string | undefined>) => {
  try {
    readProxyEnv(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('environment', () => {
  it('defaults to loopback:8080 and the embedded service', () => {
    const env = readProxyEnv({});
    expect(env).toMatchObject({ host: '127.0.0.1', port: 8080, journalPath: 'data/journal.sqlite' });
    expect(env.serviceBaseUrl).toBeUndefined();
  });

  it('reads a real deployment with its account', () => {
    expect(readProxyEnv(remote)).toMatchObject({ serviceBaseUrl: 'https://api.example.com', account });
  });

  it('names the variable and what is wrong, one line, never the secret', () => {
    expect(problem({ ...remote, SERVICE_KEY: undefined })).toBe('SERVICE_KEY is required when SERVICE_BASE_URL is set');
    expect(problem({ ...remote, SERVICE_ACCOUNT_ID: ' ' })).toBe('SERVICE_ACCOUNT_ID is required when SERVICE_BASE_URL is set');
    expect(problem({ ...remote, SERVICE_KEY: 'abc' })).toBe('SERVICE_KEY must start with "ed25519:"');
    expect(problem({ ...remote, SERVICE_BASE_URL: 'ftp://x' })).toBe('SERVICE_BASE_URL must be http or https, got ftp:');
    expect(problem({ ...remote, SERVICE_BASE_URL: 'not a url' })).toBe('SERVICE_BASE_URL is not a URL: "not a url"');
    expect(problem({ PORT: '99999' })).toBe('PORT must be an integer from 0 to 65535, got "99999"');
    const wrongSecret = 'OIl0-this-is-the-secret-value';
    const message = problem({ ...remote, SERVICE_SECRET: wrongSecret });
    expect(message).toBe('SERVICE_SECRET is not base58 (Bitcoin alphabet)');
    expect(message).not.toContain(wrongSecret);
    const other = createAccountCredentials();
    const mismatch = problem({ ...remote, SERVICE_SECRET: other.secret });
    expect(mismatch).toBe('SERVICE_SECRET does not belong to SERVICE_KEY (its public key differs)');
    expect(mismatch).not.toContain(other.secret);
  });

  it('stops `npm start` with that one line and a failing exit code', () => {
    const secret = 'OIl0-this-is-the-secret-value';
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: { ...process.env, ...remote, SERVICE_SECRET: secret },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['error: SERVICE_SECRET is not base58 (Bitcoin alphabet)']);
    expect(run.stdout + run.stderr).not.toContain(secret);
  });
});
