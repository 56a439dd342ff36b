import * as z from 'zod/mini';
import './zod';

/** Answers of the proxy's session routes: signed in, or signed out (and how many sessions ended). */
export const sessionResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ authenticated: z.boolean(), ended: z.optional(z.int().check(z.nonnegative())) }),
  timestamp: z.int(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
