import type * as z from 'zod/mini';
import { describeIssues, errorCodes, errorEnvelope, errorEnvelopeSchema } from '../interface';
import type { ServiceClient } from './serviceClient';

/** What the proxy hands the browser for a read: a status and a JSON body. */
export interface ReadReply {
  status: number;
  body: string;
}

const gatewayError = (status: number, message: string): ReadReply => ({
  status,
  body: JSON.stringify(errorEnvelope(errorCodes.unknown.code, message)),
});

/**
 * Forwards GETs to the service and checks what comes back, so the browser gets either a valid
 * resource or a clear error envelope, never a hang or garbage. Identical reads that arrive while one
 * is in flight, or within `coalesceMs` of its answer, share it: many terminals polling one feed cost
 * the service no more than one.
 */
export class ReadForwarder {
  private readonly cache = new Map<string, { at: number; reply: Promise<ReadReply> }>();

  constructor(
    private readonly client: ServiceClient,
    public coalesceMs: number,
  ) {}

  read(path: string, what: string, schema: z.ZodMiniType): Promise<ReadReply> {
    const now = Date.now();
    const cached = this.cache.get(path);
    if (cached && now - cached.at < this.coalesceMs) return cached.reply;
    const entry = { at: Infinity, reply: this.fetch(path, what, schema) };
    // In flight: shared by everyone (at = Infinity never expires); answered: shared for coalesceMs.
    this.cache.set(path, entry);
    void entry.reply.then(() => {
      entry.at = Date.now();
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
    if (!parsed.success) {
      return gatewayError(502, `the service answered ${what} with invalid data: ${describeIssues(parsed.error)}`);
    }
    return { status: 200, body: answer.text };
  }
}
