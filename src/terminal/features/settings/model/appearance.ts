import type { Density, Motion, Theme, UpDown } from './settings';

export type ResolvedTheme = 'light' | 'dark' | 'contrast';

/** What the page is drawn with: the theme with "system" read from the browser, and the rest as chosen. */
export interface Appearance {
  theme: ResolvedTheme;
  upDown: UpDown;
  density: Density;
  reducedMotion: boolean;
}

export interface SystemPreferences {
  prefersLight: boolean;
  prefersReducedMotion: boolean;
}

export function resolveAppearance(
  settings: { theme: Theme; upDown: UpDown; density: Density; motion: Motion },
  system: SystemPreferences,
): Appearance {
  const theme = settings.theme === 'system' ? (system.prefersLight ? 'light' : 'dark') : settings.theme;
  const reducedMotion = settings.motion === 'system' ? system.prefersReducedMotion : settings.motion === 'reduced';
  return { theme, upDown: settings.upDown, density: settings.density, reducedMotion };
}

/** The attributes on <html> that tokens.css reads: every theme is a rule there, none in components. */
export function appearanceAttributes(appearance: Appearance): Record<string, string> {
  return {
    'data-theme': appearance.theme,
    'data-updown': appearance.upDown,
    'data-density': appearance.density,
    'data-motion': appearance.reducedMotion ? 'reduced' : 'full',
  };
}
