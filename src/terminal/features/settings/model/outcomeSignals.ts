import { useSettingsStore } from '../store';

export type OutcomeTone = 'good' | 'bad';

/** A short rising pair for a placed ticket, a low falling one for a refusal: told apart without looking. */
const TONES: Record<OutcomeTone, readonly number[]> = { good: [660, 880], bad: [330, 220] };
const NOTE_SECONDS = 0.09;

let audio: AudioContext | undefined;

/** Generated tones (no sound files to load): two short notes at the trader's volume. */
export function playTone(tone: OutcomeTone, volume: number): void {
  if (typeof AudioContext === 'undefined' || volume <= 0) return;
  audio ??= new AudioContext();
  const start = audio.currentTime;
  TONES[tone].forEach((frequency, index) => {
    const context = audio as AudioContext;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    const at = start + index * NOTE_SECONDS;
    gain.gain.setValueAtTime(volume * 0.3, at);
    // Fading out instead of stopping dead avoids a click.
    gain.gain.exponentialRampToValueAtTime(0.001, at + NOTE_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + NOTE_SECONDS);
  });
}

/**
 * Desktop notifications are asked for only when the trader turns them on; the answer decides.
 * Returns whether they may be shown.
 */
export async function askForNotifications(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  return (await Notification.requestPermission()) === 'granted';
}

/** A ticket's outcome, heard and (while the terminal is in the background) seen, as the settings say. */
export function signalOutcome(tone: OutcomeTone, title: string, detail: string): void {
  const { sound, notifications } = useSettingsStore.getState();
  if (sound.on) playTone(tone, sound.volume);
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  if (notifications && hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    new Notification(title, { body: detail, tag: 'perp-terminal-ticket' });
  }
}
