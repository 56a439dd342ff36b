import { i18n, type Messages } from '@lingui/core';
import { create } from 'zustand';
import { prepareFormatLocale, setFormatLocale } from '../format/locale';
import { firstWords } from './firstWords';
import { directionOf, SOURCE_LOCALE, type CatalogueLocale } from './locales';

/**
 * The one place the terminal's language changes. The English of the first screen is in the first
 * load (the first prices never wait for a catalogue), the rest of it comes with the first lazy
 * chunk; every other catalogue is its own chunk, fetched when chosen.
 */
const catalogues = import.meta.glob<{ messages: Messages }>(['../../locales/*/messages.ts', '!../../locales/en/messages.ts']);

// One object for English, the one Lingui holds: the words that arrive later land in it unseen, as
// nothing that shows them has rendered yet.
const english: Messages = { ...firstWords };
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: english });

let allWords: Promise<void> | undefined;
let allWordsHere = false;

/**
 * The English words beyond the first screen. Every lazy chunk waits for them before it renders
 * (lazyWithWords); a failed fetch is forgotten, so that the next chunk tries again.
 */
export function loadAllWords(): Promise<void> {
  if (!allWords) {
    allWords = import('../../locales/en/messages').then(({ messages }) => {
      Object.assign(english, messages);
      allWordsHere = true;
    });
    allWords.catch(() => {
      allWords = undefined;
    });
  }
  return allWords;
}

let mending = false;

// A word shown before the rest of the English came would read as its id: a bug of the build's
// split, said aloud (the browser tests fail on it) and mended by one render once the words are here.
// Tests and the dev server hold every word from the start.
i18n.on('missing', ({ id, locale }) => {
  if (!import.meta.env.PROD || locale !== SOURCE_LOCALE || allWordsHere) return;
  console.warn(`Words missing from the first load: "${id}"`);
  if (mending) return;
  mending = true;
  void loadAllWords().then(() => i18n.load(SOURCE_LOCALE, {}));
});

interface LocaleState {
  locale: CatalogueLocale;
}

/** The active locale, for components to re-render when it changes (see useLocale). */
export const useLocaleStore = create<LocaleState>(() => ({ locale: SOURCE_LOCALE }));

type LocaleListener = (locale: CatalogueLocale) => void;
const listeners = new Set<LocaleListener>();

/** Another layer that follows the language (number formats, the chart's labels) listens here. */
export function onLocaleChange(listener: LocaleListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loaded = new Map<CatalogueLocale, Promise<Messages>>();

/** A catalogue is fetched once; a failed fetch is forgotten, so that choosing again tries again. */
function messagesOf(locale: CatalogueLocale): Promise<Messages> {
  if (locale === SOURCE_LOCALE) return Promise.resolve(english);
  let messages = loaded.get(locale);
  if (!messages) {
    const load = catalogues[`../../locales/${locale}/messages.ts`];
    if (!load) return Promise.reject(new Error(`No catalogue for the locale "${locale}"`));
    messages = load().then((module) => module.messages);
    messages.catch(() => loaded.delete(locale));
    loaded.set(locale, messages);
  }
  return messages;
}

/**
 * Gets a language ready without switching to it (its catalogue fetched, its number forms read),
 * when the trader is about to choose it: the switch itself is then only a render.
 */
export function prepareLocale(locale: CatalogueLocale): void {
  messagesOf(locale).catch(() => undefined);
  prepareFormatLocale(locale === 'pseudo' ? SOURCE_LOCALE : locale);
}

let latest: CatalogueLocale = SOURCE_LOCALE;

/**
 * Loads the locale's catalogue and switches to it, with `<html lang dir>`. A switch overtaken by a
 * newer one while its catalogue loads is dropped, so the last choice wins.
 */
export async function activateLocale(locale: CatalogueLocale): Promise<void> {
  latest = locale;
  const messages = await messagesOf(locale);
  if (latest !== locale) return;
  i18n.loadAndActivate({ locale, messages });
  // Figures in the same language as the words, before anything renders again. The pseudo-locale
  // tests words only: its figures are English.
  setFormatLocale(locale === 'pseudo' ? SOURCE_LOCALE : locale);
  const root = document.documentElement;
  root.lang = locale === 'pseudo' ? 'en-XA' : locale;
  root.dir = directionOf(locale);
  for (const listener of listeners) listener(locale);
  useLocaleStore.setState({ locale });
}

/** Subscribes a component to the language: it renders again, with the new catalogue, on a switch. */
export const useLocale = (): CatalogueLocale => useLocaleStore((state) => state.locale);
