import type { Logger } from '../log';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 4000;

/**
 * What a proxy does when it takes an account's sending lease (recover what the last sender had in
 * flight, arm the held orders, start sending what others journaled), tried again until it is done
 * or the lease is gone. The lease is taken once: a take-over that failed halfway (the database
 * away for a moment, a statement timed out) and was not tried again would leave this proxy sending
 * its own tickets while every ticket another proxy journaled waited for ever.
 * Every step must be safe to run twice. Resolves true once done, false when the lease went first.
 */
export async function takeOver(options: {
  /** Whether the lease this take-over began under is still held (the same token). */
  stillHeld: () => boolean;
  steps: () => Promise<void>;
  log: Pick<Logger, 'error'>;
  firstRetryMs?: number;
}): Promise<boolean> {
  const { stillHeld, steps, log } = options;
  let wait = options.firstRetryMs ?? FIRST_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    if (!stillHeld()) return false;
    try {
      await steps();
      return true;
    } catch (error) {
      log.error({ err: { message: (error as Error).message }, attempt, retryInMs: wait }, 'taking over the sending failed; trying again');
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, MAX_RETRY_MS);
  }
}
