import { i18n, type Messages } from '@lingui/core';
import { create } from 'zustand';
import { prepareFormatLocale, setFormatLocale } from '../format/locale';
import { firstWords } from './firstWords';
import { directionOf, SOURCE_LOCALE, type CatalogueLocale } from './locales';

/**
 * The one place the terminal's language changes. The English of the first screen is in the first
 * load (the first prices never wait for a catalogue), the rest of it comes with the first lazy
 * chunk of a page in English; every other catalogue is its own chunk, fetched when chosen.
 */
const catalogues = import.meta.glob<{ messages: Messages }>(['../../locales/*/messages.ts', '!../../locales/en/messages.ts']);

// One object for English, the one Lingui holds: the words that arrive later land in it unseen, as
// nothing that shows them has rendered yet.
const english: Messages = { ...firstWords };
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: english });

let allEnglish: Promise<void> | undefined;
let allEnglishHere = false;

/** The English words beyond the first screen; a failed fetch is forgotten, so the next asks again. */
function loadAllEnglish(): Promise<void> {
  if (!allEnglish) {
    allEnglish = import('../../locales/en/messages').then(({ messages }) => {
      Object.assign(english, messages);
      allEnglishHere = true;
    });
    allEnglish.catch(() => {
      allEnglish = undefined;
    });
  }
  return allEnglish;
}

/** The last switch of language asked for, settled (failed or not). */
let switching: Promise<void> = Promise.resolve();

/**
 * Every word of the language on screen. Each lazy chunk waits for it before it renders
 * (lazyWithWords): in English the rest of the catalogue is fetched then; in another language its
 * catalogue is whole already, and English is never fetched (only the active catalogue is).
 */
export function loadAllWords(): Promise<void> {
  return switching.then(() => (i18n.locale === SOURCE_LOCALE ? loadAllEnglish() : undefined));
}

let mending = false;

// A word shown before the rest of the English came would read as its id: a bug of the build's
// split, said aloud (the browser tests fail on it) and mended by one render once the words are here.
// Tests and the dev server hold every word from the start.
i18n.on('missing', ({ id, locale }) => {
  if (!import.meta.env.PROD || locale !== SOURCE_LOCALE || allEnglishHere) return;
  console.warn(`Words missing from the first load: "${id}"`);
  if (mending) return;
  mending = true;
  void loadAllEnglish().then(() => i18n.load(SOURCE_LOCALE, {}));
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
  if (locale === SOURCE_LOCALE) return loadAllEnglish().then(() => english);
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
export function activateLocale(locale: CatalogueLocale): Promise<void> {
  const activation = switchTo(locale);
  switching = activation.catch(() => undefined);
  return activation;
}

async function switchTo(locale: CatalogueLocale): Promise<void> {
  latest = locale;
  // English already on screen (the first activation): its shown words are here, and lazy chunks
  // bring the rest. Coming back to English from another language, anything may show: every word.
  const messages = await (locale === SOURCE_LOCALE && i18n.locale === SOURCE_LOCALE ? Promise.resolve(english) : messagesOf(locale));
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
