import { errorEnvelopeSchema, tapeCandlesQuerySchema, tapeCandlesResponseSchema, type TapeCandlesResponse } from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { sendError } from '../http';
import { tapeCandles, TapeQueryError } from '../tape/candles';
import { candlesAnswerJson } from '../tape/candlesJson';

/**
 * Candles from the tape. A symbol the tape has never had is a 400 naming `symbol` (not an empty
 * answer): the service has not served it since the tape began, so it is most likely a typo.
 */
export const tapeRoutes: ZodRoutes = async (app) => {
  const schema = {
    querystring: tapeCandlesQuerySchema,
    response: { 200: tapeCandlesResponseSchema, '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
  };
  app.get('/api/tape/candles', { config: { access: 'session' }, schema }, async (request, reply): Promise<TapeCandlesResponse> => {
    try {
      const answer: TapeCandlesResponse = { success: true, data: tapeCandles(app.tape, request.query), timestamp: Date.now() };
      // Written by hand, not through the schema's check (declared, and tested against this text): see candlesJson.ts.
      void reply.serializer((payload) => candlesAnswerJson(payload as TapeCandlesResponse));
      return answer;
    } catch (error) {
      if (error instanceof TapeQueryError) return sendError(reply, 'invalidParameter', error.message);
      throw error;
    }
  });
};
