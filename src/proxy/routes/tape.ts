import { errorEnvelopeSchema, tapeCandlesQuerySchema, tapeCandlesResponseSchema, type TapeCandlesResponse } from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { sendError } from '../http/replies';
import { tapeCandles, TapeQueryError } from '../tape/candles';
import { candlesAnswerBytes } from '../tape/candlesJson';

/**
 * Candles from the tape. A symbol the tape has never had is a 400 naming `symbol` (not an empty
 * answer): the service has not served it since the tape began, so it is most likely a typo.
 */
export const tapeRoutes: ZodRoutes = async (app) => {
  const schema = {
    querystring: tapeCandlesQuerySchema,
    response: { 200: tapeCandlesResponseSchema, '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
  };
  app.get('/api/tape/candles', { config: { access: 'session' }, schema }, async (request, reply) => {
    try {
      const { rows, recordingSince, simulated } = tapeCandles(app.tape, request.query);
      // Sent as written, not through the schema's check (declared, and tested against this text): see
      // candlesJson.ts. Fastify sends bytes as they are; the route's type wants the object.
      const body = candlesAnswerBytes(rows, recordingSince, simulated, Date.now());
      return reply.type('application/json; charset=utf-8').send(body as unknown as TapeCandlesResponse);
    } catch (error) {
      if (error instanceof TapeQueryError) return sendError(reply, 'invalidParameter', error.message);
      throw error;
    }
  });
};
