import {
  batchOrderResponseSchema,
  describeIssues,
  errorEnvelopeSchema,
  isAcceptedRow,
} from '../../interface';
import type { OrderOutcome, ProblemReason } from '../journal';
import type { ServiceAnswer } from '../upstream/serviceClient';

/** What one request of a ticket came to. */
export type RequestVerdict =
  | { kind: 'answered'; httpStatus: number; outcomes: OrderOutcome[] }
  | { kind: 'failed' | 'unknown'; reason: ProblemReason; httpStatus: number | null; code: number | null; message: string }
  | { kind: 'rate-limited'; retryAfterMs: number; message: string };

const oneLine = (text: string) =>
  text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);

/** Reads the service's answer to one batch request for `count` orders. */
export function judgeAnswer(answer: ServiceAnswer, count: number): RequestVerdict {
  if (answer.kind === 'unreachable') {
    return { kind: 'failed', reason: 'unreachable', httpStatus: null, code: null, message: `not sent: ${answer.message}` };
  }
  if (answer.kind !== 'answered') {
    return {
      kind: 'unknown',
      reason: answer.kind,
      httpStatus: null,
      code: null,
      message: `${answer.message}; the orders may or may not have been placed`,
    };
  }
  const { status, json, text } = answer;
  const envelope = errorEnvelopeSchema.safeParse(json);
  if (status === 429) {
    return {
      kind: 'rate-limited',
      retryAfterMs: 1000,
      message: envelope.success ? envelope.data.message : 'rate limited by the service',
    };
  }
  if (status >= 400 && status < 500) {
    // The service refused the request as a whole: nothing of it was placed.
    return envelope.success
      ? { kind: 'failed', reason: 'refused', httpStatus: status, code: envelope.data.code, message: envelope.data.message }
      : {
          kind: 'failed',
          reason: 'refused',
          httpStatus: status,
          code: null,
          message: `the service refused the request with ${status}: ${oneLine(text) || 'no body'}`,
        };
  }
  if (status !== 200) {
    const detail = envelope.success ? envelope.data.message : oneLine(text) || 'no body';
    return {
      kind: 'unknown',
      reason: 'bad-answer',
      httpStatus: status,
      code: envelope.success ? envelope.data.code : null,
      message: `the service answered ${status} (${detail}); the orders may or may not have been placed`,
    };
  }
  const parsed = batchOrderResponseSchema.safeParse(json);
  if (!parsed.success) {
    const why = json === undefined ? 'not JSON' : describeIssues(parsed.error);
    return {
      kind: 'unknown',
      reason: 'bad-answer',
      httpStatus: status,
      code: null,
      message: `the service answered 200 with an unreadable body (${why}); the orders may or may not have been placed`,
    };
  }
  const rows = parsed.data.data.rows;
  if (rows.length !== count) {
    return {
      kind: 'unknown',
      reason: 'bad-answer',
      httpStatus: status,
      code: null,
      message: `the service answered ${rows.length} result rows for ${count} orders, so which order each row belongs to is unknown`,
    };
  }
  return {
    kind: 'answered',
    httpStatus: status,
    outcomes: rows.map((row) =>
      isAcceptedRow(row)
        ? { status: 'accepted', orderId: row.order_id ?? null, errorMessage: null }
        : { status: 'rejected', orderId: null, errorMessage: row.error_message ?? 'rejected' },
    ),
  };
}
