import type { DeskAction } from '@/interface';
import { refusalWords } from './mayWords';
import { usePerson } from './sessionQuery';

export interface Permission {
  allowed: boolean;
  /** Why not, in the active language: shown beside the disabled control. */
  reason?: string;
}

const ALLOWED: Permission = { allowed: true };

/**
 * Whether the signed-in person may do `action` (on `account`, for trading), and why not. While
 * the session is unknown or signed out, the session's own lock speaks: this says allowed.
 */
export function useMay(action: DeskAction, account?: string): Permission {
  const person = usePerson();
  if (!person) return ALLOWED;
  const reason = refusalWords(person, action, account);
  return reason === undefined ? ALLOWED : { allowed: false, reason };
}
