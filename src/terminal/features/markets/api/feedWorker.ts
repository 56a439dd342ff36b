/// <reference lib="webworker" />
/**
 * The market data feed off the main thread: fetch, JSON parse and schema check of thousands of
 * rows, packed into one Float64Array that moves to the page without a copy. The page then only
 * builds its row objects (see futuresFeed.ts).
 */
import { FrameEncoder } from './feedFrame';
import { loadFrame, type FeedReply, type FeedRequest } from './feedLoad';

const encoder = new FrameEncoder();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<FeedRequest>) => {
  const { id, knownVersion } = event.data;
  const reply: FeedReply = await loadFrame(encoder, knownVersion).then(
    (frame) => ({ id, frame }),
    (error: unknown) => ({ id, error: errorOf(error) }),
  );
  scope.postMessage(reply, reply.frame ? [reply.frame.numbers.buffer] : []);
};

function errorOf(error: unknown): NonNullable<FeedReply['error']> {
  const { message = String(error), status = null, code = null } = error as { message?: string; status?: number | null; code?: number | null };
  return { message, status, code };
}

scope.postMessage({ id: 0, ready: true } satisfies FeedReply);
