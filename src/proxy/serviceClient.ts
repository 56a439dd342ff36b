import type { ServiceClock } from './serviceClock';

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

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

export interface ServiceClientOptions {
  baseUrl: string;
  timeoutMs: number;
  clock: ServiceClock;
}

/** Talks to the service; classifies every failure by whether the request may have been seen. */
export class ServiceClient {
  readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly clock: ServiceClock;
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

  private async request(path: string, init: RequestInit): Promise<ServiceAnswer> {
    const sentAt = Date.now();
    const where = `${init.method} ${path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.baseUrl + path, {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
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
    if (response.ok && typeof stamp === 'number' && Number.isSafeInteger(stamp)) {
      this.clock.observe(sentAt, receivedAt, stamp);
    }
    return {
      kind: 'answered',
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
      json,
      latencyMs,
    };
  }

  private failed(where: string, error: unknown): ServiceAnswer {
    const name = (error as { name?: string }).name;
    const code = causeCode(error);
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
