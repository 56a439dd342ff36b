import { Agent, request, type Dispatcher } from 'undici';
import type { ServiceClock } from './clock';

/** What came back from one request to the service, before any meaning is read into it. */
export type ServiceAnswer =
  | {
      kind: 'answered';
      status: number;
      contentType: string;
      text: string;
      /** The body as JSON, or undefined when it is not JSON. */
      json: unknown;
      latencyMs: number;
    }
  /** Nothing was sent: the connection could not be made. */
  | { kind: 'unreachable'; message: string }
  /** The request may have reached the service, but no answer came in time. */
  | { kind: 'timeout'; message: string }
  /** The connection broke after the request went out; it may have reached the service. */
  | { kind: 'dropped'; message: string };

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

function errorCode(error: unknown): string | undefined {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof code === 'string') return code;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

export interface ServiceClientOptions {
  baseUrl: string;
  timeoutMs: number;
  clock: ServiceClock;
}

/**
 * Talks to the service; classifies every failure by whether the request may have been seen.
 * undici's request() on a keep-alive agent: a fraction of fetch()'s cost per call, which is most
 * of what the proxy adds to an order's round trip.
 */
export class ServiceClient {
  readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly clock: ServiceClock;
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 });
  lastLatencyMs: number | undefined;
  lastFailure: { at: number; message: string } | undefined;
  lastAnswerAt: number | undefined;

  constructor(options: ServiceClientOptions) {
    this.baseUrl = options.baseUrl;
    this.timeoutMs = options.timeoutMs;
    this.clock = options.clock;
  }

  get(path: string): Promise<ServiceAnswer> {
    return this.request(path, { method: 'GET' });
  }

  post(path: string, body: string, headers: Record<string, string>): Promise<ServiceAnswer> {
    return this.request(path, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  private async request(
    path: string,
    init: Pick<Dispatcher.RequestOptions, 'method' | 'body' | 'headers'>,
  ): Promise<ServiceAnswer> {
    const sentAt = Date.now();
    const where = `${init.method} ${path}`;
    let statusCode: number;
    let contentType: string;
    let text: string;
    try {
      const response = await request(this.baseUrl + path, {
        ...init,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      statusCode = response.statusCode;
      const type = response.headers['content-type'];
      contentType = (Array.isArray(type) ? type[0] : type) ?? '';
      text = await response.body.text();
    } catch (error) {
      return this.failed(where, error);
    }
    const receivedAt = Date.now();
    const latencyMs = receivedAt - sentAt;
    this.lastLatencyMs = latencyMs;
    this.lastAnswerAt = receivedAt;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const stamp = (json as { timestamp?: unknown } | undefined)?.timestamp;
    if (statusCode >= 200 && statusCode < 300 && typeof stamp === 'number' && Number.isSafeInteger(stamp)) {
      this.clock.observe(sentAt, receivedAt, stamp);
    }
    return {
      kind: 'answered',
      status: statusCode,
      contentType,
      text,
      json,
      latencyMs,
    };
  }

  private failed(where: string, error: unknown): ServiceAnswer {
    const name = (error as { name?: string }).name;
    const code = errorCode(error);
    let answer: ServiceAnswer;
    if (name === 'TimeoutError' || name === 'AbortError') {
      answer = { kind: 'timeout', message: `the service did not answer ${where} within ${this.timeoutMs} ms` };
    } else if (code && NOT_SENT_CODES.has(code)) {
      answer = { kind: 'unreachable', message: `the service at ${this.baseUrl} is unreachable (${code})` };
    } else {
      answer = {
        kind: 'dropped',
        message: `the connection to the service broke during ${where} (${code ?? (error as Error).message})`,
      };
    }
    this.lastFailure = { at: Date.now(), message: answer.message };
    return answer;
  }
}
