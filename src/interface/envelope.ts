import * as z from 'zod/mini';
import './zod';

/** A number, or a string of digits read as one. */
export const numericCodeSchema = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^-?\d+$/))]),
  z.transform((code: number | string) => Number(code)),
);

/**
 * Request-level failure of the service family: a non-200 status with this body. `code` may come
 * as a number or a numeric string; readers normalise it to a number.
 */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: numericCodeSchema,
  message: z.string(),
});
export type ErrorEnvelope = z.output<typeof errorEnvelopeSchema>;

/** Error codes of the family (docs/contract/decisions.md "Envelopes and errors") with their HTTP status. */
export const errorCodes = {
  unknown: { code: -1000, status: 500 },
  badKeyFormat: { code: -1001, status: 401 },
  unauthorized: { code: -1002, status: 401 },
  rateLimited: { code: -1003, status: 429 },
  unknownParameter: { code: -1004, status: 400 },
  invalidParameter: { code: -1005, status: 400 },
  notFound: { code: -1006, status: 404 },
  duplicate: { code: -1007, status: 409 },
  rejected: { code: -1012, status: 400 },
  riskOrMargin: { code: -1101, status: 400 },
  belowMinNotional: { code: -1102, status: 400 },
  priceFilter: { code: -1103, status: 400 },
  quantityStep: { code: -1104, status: 400 },
  tooFarFromMid: { code: -1105, status: 400 },
} as const;
export type ErrorCodeName = keyof typeof errorCodes;

export function errorEnvelope(code: number, message: string): ErrorEnvelope {
  return { success: false, code, message };
}

/** What a server answers for a failed request: the HTTP status and the envelope's body. */
export interface ErrorReply {
  status: number;
  body: ErrorEnvelope;
}

/**
 * The one way the proxy and the service word a failure: the family's code for `name`, its usual
 * status unless the case calls for another (415, 413…), and the message. Pure, so either server
 * (or a test) can send it with whatever it uses to answer.
 */
export function errorReply(name: ErrorCodeName, message: string, status?: number): ErrorReply {
  const { code, status: usual } = errorCodes[name];
  return { status: status ?? usual, body: errorEnvelope(code, message) };
}

/** `{success: true, data, timestamp}` around a data schema. */
export function successEnvelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    timestamp: z.int().check(z.nonnegative()),
  });
}
