import { t } from '@lingui/core/macro';
import { dateFormat } from './locale';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '../i18n/i18n';

/** Time left as h:mm:ss (or m:ss under an hour): the funding countdown, a duration in any locale. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(2, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${minutes}:${ss}`;
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };

/** Wall time of an epoch ms, local, as the locale writes it: 14:02:05 (English), 下午02:02:05 (zh-TW). */
export function formatClock(ms: number): string {
  return dateFormat('clock', CLOCK).format(ms);
}

/** How old something is, in the trader's language: "now", "4 s", "3 min". */
export function formatAge(ms: number): string {
  if (ms < 1000) return t({ message: 'now', context: 'how old data is: just now' });
  const seconds = Math.floor(ms / 1000);
  if (ms < 60_000) return t({ message: `${seconds} s`, context: 'how old data is, in seconds, short' });
  const minutes = Math.floor(ms / 60_000);
  if (ms < 3_600_000) return t({ message: `${minutes} min`, context: 'how old data is, in minutes, short' });
  const hours = Math.floor(ms / 3_600_000);
  return t({ message: `${hours} h`, context: 'how old data is, in hours, short' });
}
