import { describe, expect, it } from 'vitest';
import { classifyFailure } from '@/proxy/postgres/failures';

/** An error as pg hands over a server's FATAL: the SQLSTATE in `code`, the server's words in the message. */
const serverError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a server that cannot take a connection now (57P03)', () => {
  it('is called starting up or shutting down by what the server said', () => {
    expect(classifyFailure(serverError('57P03', 'the database system is starting up'))).toBe('the database is starting up');
    expect(classifyFailure(serverError('57P03', 'the database system is shutting down'))).toBe('the database is shutting down');
  });
});
