import { futuresResponseSchema } from '@/interface';
import { check, getJson } from '@/terminal/shared/api/http';
import { takeFirstFutures } from '@/terminal/shared/firstRows/handOver';
import type { FeedFrame, FrameEncoder } from './feedFrame';

export const FUTURES_PATH = '/v1/public/futures';

/** Page → worker: poll once; the page holds the symbols of `knownVersion` (-1: none yet). */
export interface FeedRequest {
  id: number;
  knownVersion: number;
}

/** Worker → page: a frame, or why there is none (an ApiError's fields), or that it is ready. */
export interface FeedReply {
  id: number;
  ready?: true;
  frame?: FeedFrame;
  error?: { message: string; status: number | null; code: number | null };
}

/** One poll: the market data, checked against its schema, as a frame. */
export async function loadFrame(encoder: FrameEncoder, knownVersion: number, signal?: AbortSignal): Promise<FeedFrame> {
  // The page's first poll takes the answer the first-rows script fetched (the same schema checks
  // it); without one, or when it failed, the poll asks as every later poll does.
  const first = await takeFirstFutures();
  const response = first === undefined ? await getJson(FUTURES_PATH, futuresResponseSchema, signal) : check(futuresResponseSchema, first, FUTURES_PATH);
  return encoder.encode(response, Date.now(), knownVersion);
}
