import { t } from '@lingui/core/macro';
import type * as z from 'zod/mini';
import { describeIssues, errorEnvelopeSchema } from '@/interface';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

/** A request that did not give what was asked, with a message a trader can act on. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null = null,
    /** The parsed body, when the answer had one (e.g. a ticket that failed as a whole). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function readBody(response: Response, path: string): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    const status = response.status;
    throw new ApiError(t`${path} answered ${status} with something that is not JSON`, status);
  }
}

async function send(path: string, init: RequestInit): Promise<{ response: Response; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(t({ message: 'The proxy cannot be reached: is `npm start` still running?' }), null);
  }
  const body = await readBody(response, path);
  if (!response.ok) {
    const envelope = errorEnvelopeSchema.safeParse(body);
    const status = response.status;
    throw new ApiError(
      // The service's own message is its words, shown as they are.
      envelope.success ? envelope.data.message : t`${path} answered ${status}`,
      response.status,
      envelope.success ? envelope.data.code : null,
      body,
    );
  }
  return { response, body };
}

/** An answer's body checked against its schema, as getJson checks it (an ApiError when it fails). */
export function check<T>(schema: z.ZodMiniType<T>, body: unknown, path: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error);
    throw new ApiError(t`${path} answered with unexpected data: ${issues}`, 200);
  }
  return parsed.data;
}

/** GET a JSON resource and check it against its schema. */
export async function getJson<T>(path: string, schema: z.ZodMiniType<T>, signal?: AbortSignal): Promise<T> {
  const { body } = await send(path, { signal, headers: { accept: 'application/json' } });
  return check(schema, body, path);
}

/** POST JSON and check the answer against its schema. */
export async function postJson<T>(
  path: string,
  payload: unknown,
  schema: z.ZodMiniType<T>,
  headers: Record<string, string> = {},
): Promise<T> {
  const { body } = await send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
  return check(schema, body, path);
}

/** PATCH, PUT or DELETE (with an optional JSON body) and check the answer against its schema. */
export async function sendJson<T>(
  method: 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  payload: unknown,
  schema: z.ZodMiniType<T>,
): Promise<T> {
  const withBody = payload !== undefined;
  const { body } = await send(path, {
    method,
    headers: withBody ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
    body: withBody ? JSON.stringify(payload) : undefined,
  });
  return check(schema, body, path);
}
