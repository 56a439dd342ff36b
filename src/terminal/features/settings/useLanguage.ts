import { useEffect, useSyncExternalStore } from 'react';
import { activateLocale } from '@/terminal/shared/i18n/i18n';
import { isLocale, PSEUDO_LOCALE, type CatalogueLocale } from '@/terminal/shared/i18n/locales';
import { detectLocale, type Locale } from '@/terminal/shared/i18n/locales';
import type { Language } from './model/settings';
import { useSettingsStore } from './store';

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages);

/** The locale the setting means: its own, or the first of the browser's that the terminal ships. */
export function resolveLanguage(language: Language, languages: readonly string[] = browserLanguages()): Locale {
  return language === 'auto' ? detectLocale(languages) : language;
}

/**
 * `?lang=de` opens this page in German without changing the setting (a link to share, a support
 * session); `?lang=pseudo` shows the pseudo-locale that finds text left out of the catalogues.
 * It holds until the trader picks a language.
 */
function languageFromAddress(): CatalogueLocale | undefined {
  if (typeof location === 'undefined') return undefined;
  const asked = new URLSearchParams(location.search).get('lang') ?? '';
  return asked === PSEUDO_LOCALE || isLocale(asked) ? asked : undefined;
}
let fromAddress = languageFromAddress();
const languageAtOpen = () => useSettingsStore.getState().language;
let openedWith: Language | undefined;

function localeToShow(language: Language): CatalogueLocale {
  openedWith ??= language;
  if (fromAddress && language === openedWith) return fromAddress;
  fromAddress = undefined;
  return resolveLanguage(language);
}

/**
 * The saved language before the first frame: English is in the first load, another catalogue is
 * fetched first so the terminal does not flash English.
 */
export function applyLanguage(): Promise<void> {
  return activateLocale(localeToShow(languageAtOpen()));
}

function subscribeBrowser(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

/** Keeps the terminal in the setting's language, live; on 'auto', as the browser's languages change. */
export function useLanguage(): void {
  const language = useSettingsStore((state) => state.language);
  const first = useSyncExternalStore(subscribeBrowser, () => browserLanguages()[0] ?? '');
  useEffect(() => {
    void activateLocale(localeToShow(language));
  }, [language, first]);
}
