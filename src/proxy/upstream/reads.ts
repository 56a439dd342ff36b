import type * as z from 'zod/mini';
import { describeIssues, errorCodes, errorEnvelope, errorEnvelopeSchema } from '../../interface';
import type { ServiceClient } from './serviceClient';

/** What the proxy hands the browser for a read: a status and a JSON body. */
export interface ReadReply {
  status: number;
  body: string;
  /** When the proxy asked the service for this answer (a shared answer keeps the first asking's). */
  askedAt?: number;
}

const gatewayError = (status: number, message: string): ReadReply => ({
  status,
  body: JSON.stringify(errorEnvelope(errorCodes.unknown.code, message)),
});

/**
 * Forwards GETs to the service and checks what comes back, so the browser gets either a valid
 * resource or a clear error envelope, never a hang or garbage.
 *
 * Identical reads share one request to the service per interval (`coalesceMs`, the config's quotes
 * rate): time is cut into intervals, and the first read of an interval asks the service while the
 * rest of that interval gets its answer. So any number of terminals cost the service one request
 * per interval, and a lone terminal polling once an interval still gets fresh data every time (a
 * window that starts at each answer would serve it every other poll from the previous one). A read
 * still in flight is shared whatever the interval, so a slow service is not asked again and again.
 */
export class ReadForwarder {
  private readonly cache = new Map<string, { interval: number; answered: boolean; reply: Promise<ReadReply> }>();

  /**
   * Told of every 200 answer with a JSON body fetched from the service, and whether it passed the
   * read's schema (the tape records the good rows of a bad one). Told on the next turn of the event
   * loop, in the order answers came: the read is answered first, so listening never delays it.
   */
  onSnapshot: ((path: string, json: unknown, checked: boolean) => void) | undefined;

  /** Told of every answer fetched from the service (not of shared ones). */
  onAnswer: ((path: string, reply: ReadReply) => void) | undefined;

  constructor(
    private readonly client: ServiceClient,
    public coalesceMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  read(path: string, what: string, schema: z.ZodMiniType): Promise<ReadReply> {
    // No window (0): only reads in flight are shared (NaN equals no interval).
    const interval = this.coalesceMs > 0 ? Math.floor(this.now() / this.coalesceMs) : Number.NaN;
    const cached = this.cache.get(path);
    if (cached && (!cached.answered || cached.interval === interval)) return cached.reply;
    const askedAt = this.now();
    const reply = this.fetch(path, what, schema).then((answer) => {
      this.onAnswer?.(path, answer);
      return { ...answer, askedAt };
    });
    const entry = { interval, answered: false, reply };
    this.cache.set(path, entry);
    void entry.reply.then(() => {
      entry.answered = true;
    });
    return entry.reply;
  }

  private async fetch(path: string, what: string, schema: z.ZodMiniType): Promise<ReadReply> {
    const answer = await this.client.get(path);
    if (answer.kind === 'timeout') return gatewayError(504, answer.message);
    if (answer.kind !== 'answered') return gatewayError(502, answer.message);
    if (answer.status !== 200) {
      const envelope = errorEnvelopeSchema.safeParse(answer.json);
      if (envelope.success) {
        return {
          status: answer.status >= 400 ? answer.status : 502,
          body: JSON.stringify(
            errorEnvelope(envelope.data.code, `the service refused ${what}: ${envelope.data.message}`),
          ),
        };
      }
      const type = answer.contentType.split(';')[0] || 'no content type';
      return gatewayError(502, `the service answered ${what} with ${answer.status} and ${type} instead of JSON`);
    }
    if (answer.json === undefined) {
      return gatewayError(502, `the service answered ${what} with malformed JSON`);
    }
    const parsed = schema.safeParse(answer.json);
    const listener = this.onSnapshot;
    if (listener) {
      setImmediate(() => {
        try {
          listener(path, answer.json, parsed.success);
        } catch {
          // A listener's failure is its own; the read was answered regardless.
        }
      });
    }
    if (!parsed.success) {
      return gatewayError(502, `the service answered ${what} with invalid data: ${describeIssues(parsed.error)}`);
    }
    return { status: 200, body: answer.text };
  }
}
