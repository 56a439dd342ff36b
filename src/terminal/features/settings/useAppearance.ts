import { useEffect, useSyncExternalStore } from 'react';
import { appearanceAttributes, resolveAppearance, type SystemPreferences } from './model/appearance';
import { useSettingsStore } from './store';

const LIGHT = '(prefers-color-scheme: light)';
const REDUCED = '(prefers-reduced-motion: reduce)';

function query(media: string): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(media) : undefined;
}

function readSystem(): SystemPreferences {
  return { prefersLight: query(LIGHT)?.matches ?? false, prefersReducedMotion: query(REDUCED)?.matches ?? false };
}

let system = readSystem();
function subscribeSystem(onChange: () => void): () => void {
  const lists = [query(LIGHT), query(REDUCED)].filter((list) => list !== undefined);
  const listener = () => {
    system = readSystem();
    onChange();
  };
  for (const list of lists) list.addEventListener('change', listener);
  return () => lists.forEach((list) => list.removeEventListener('change', listener));
}

/** Draws the page as the settings say, before the first render, so a light theme does not flash dark. */
export function applyAppearance(): void {
  const settings = useSettingsStore.getState();
  const attributes = appearanceAttributes(resolveAppearance(settings, readSystem()));
  for (const [name, value] of Object.entries(attributes)) document.documentElement.setAttribute(name, value);
}

/** Keeps the page drawn as the settings and the system say, live: a change of either shows at once. */
export function useAppearance(): void {
  const current = useSyncExternalStore(subscribeSystem, () => system);
  const theme = useSettingsStore((state) => state.theme);
  const upDown = useSettingsStore((state) => state.upDown);
  const density = useSettingsStore((state) => state.density);
  const motion = useSettingsStore((state) => state.motion);
  useEffect(() => {
    const attributes = appearanceAttributes(resolveAppearance({ theme, upDown, density, motion }, current));
    for (const [name, value] of Object.entries(attributes)) document.documentElement.setAttribute(name, value);
  }, [current, theme, upDown, density, motion]);
}
