import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { postJson } from '@/terminal/shared/api/http';
import { sessionKeys } from './keys';

const signedOutSchema = z.object({ success: z.literal(true), data: z.object({ authenticated: z.literal(false) }) });

/** This browser only, or every browser holding a session (after a link may have leaked). */
export type SignOutScope = 'this-browser' | 'every-browser';

const paths: Record<SignOutScope, string> = {
  'this-browser': '/api/session/logout',
  'every-browser': '/api/sessions/end-all',
};

/** Ends the session(s); the session query then reads signed out and trading locks. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...sessionKeys.all, 'sign-out'],
    mutationFn: (scope: SignOutScope) => postJson(paths[scope], {}, signedOutSchema),
    onSettled: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
