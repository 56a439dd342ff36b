import * as z from 'zod/mini';
import { personSchema } from './desk';
import './zod';

/** Answers of the proxy's session routes: signed in, or signed out (and how many sessions ended). */
export const sessionResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    authenticated: z.boolean(),
    ended: z.optional(z.int().check(z.nonnegative())),
    /** Who is signed in (issue 30); the implicit admin-trader in single-token mode. */
    person: z.optional(personSchema),
  }),
  timestamp: z.int(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
