import { i18n, type Messages } from '@lingui/core';
import { create } from 'zustand';
import { prepareFormatLocale, setFormatLocale } from '../format/locale';
import { positionsOf, type ChunkWords } from './chunkWords';
import { firstChunk, firstWords } from './firstWords';
import { directionOf, SOURCE_LOCALE, type CatalogueLocale } from './locales';

/**
 * The one place the terminal's language changes. The English of the first screen is in the first
 * load (the first prices never wait for a catalogue). A build cuts every catalogue into parts by
 * the chunks that use its words (vite.config.ts, catalogueSplit): a language brings the words of
 * the code that has loaded, and a lazy chunk waits for its own before it renders (lazyWithWords).
 * The tests and the dev server hold every catalogue whole (whole, fetched when chosen).
 */
const catalogues: Record<string, () => Promise<{ messages: Messages }>> = import.meta.env.CATALOGUE_PARTS
  ? {}
  : import.meta.glob<{ messages: Messages }>(['../../locales/*/messages.ts', '!../../locales/en/messages.ts']);

// One object per language, the one Lingui holds: the words that arrive later land in it unseen,
// as nothing that shows them has rendered yet.
const english: Messages = { ...firstWords };
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: english });

/** A language's words so far: what Lingui holds, and each part of its catalogue, fetched or being fetched. */
interface Words {
  messages: Messages;
  values: Map<string, readonly unknown[]>;
  loading: Map<string, Promise<void>>;
}

const words = new Map<CatalogueLocale, Words>();
/** The words of every chunk that has run (the first chunk's, then each as it runs). */
const chunks: ChunkWords[] = [];

function wordsOf(locale: CatalogueLocale): Words {
  let found = words.get(locale);
  if (!found) {
    found = { messages: locale === SOURCE_LOCALE ? english : {}, values: new Map(), loading: new Map() };
    words.set(locale, found);
  }
  return found;
}

/** A chunk's words into a language whose part holding them is here. */
function place(into: Words, [part, gaps, ids]: ChunkWords): void {
  const values = into.values.get(part);
  if (!values) return;
  const positions = positionsOf(gaps);
  ids.split(' ').forEach((id, index) => {
    into.messages[id] = values[positions[index]!] as Messages[string];
  });
}

function register(chunk: ChunkWords): void {
  chunks.push(chunk);
  // A chunk imported without lazyWithWords runs at once: its part is that of its importer, here already.
  for (const into of words.values()) place(into, chunk);
}

type WordsRegistry = { push(chunk: ChunkWords): void };
const global = globalThis as { __words?: WordsRegistry | ChunkWords[] };
const early = Array.isArray(global.__words) ? global.__words : [];
global.__words = { push: register };
if (firstChunk) register(firstChunk);
for (const chunk of early) register(chunk);

const partsBase = import.meta.url;

/** One part of a language's catalogue, fetched once; a failed fetch is forgotten, so the next ask tries again. */
function loadPart(locale: CatalogueLocale, into: Words, part: string): Promise<void> {
  let loading = into.loading.get(part);
  if (!loading) {
    const url = new URL(`words-${part}-${locale}.js`, partsBase).href;
    loading = (import(/* @vite-ignore */ url) as Promise<{ default: readonly unknown[] }>).then((module) => {
      into.values.set(part, module.default);
      for (const chunk of chunks) if (chunk[0] === part) place(into, chunk);
    });
    loading.catch(() => into.loading.delete(part));
    into.loading.set(part, loading);
  }
  return loading;
}

/** Every word of the chunks that have run, in this language (a build's parts). */
function loadWords(locale: CatalogueLocale): Promise<Messages> {
  const into = wordsOf(locale);
  const parts = new Set(chunks.map(([part]) => part));
  return Promise.all([...parts].map((part) => loadPart(locale, into, part))).then(() => into.messages);
}

/** The last switch of language asked for, settled (failed or not). */
let switching: Promise<void> = Promise.resolve();

/**
 * Every word of the code loaded so far, in the language on screen. Each lazy chunk waits for it
 * before it renders (lazyWithWords), once with its code and once more after its code has run,
 * for the part of its own. Only the active catalogue is fetched.
 */
export function loadAllWords(): Promise<void> {
  return switching.then(() => (firstChunk ? loadWords(i18n.locale as CatalogueLocale).then(() => undefined) : undefined));
}

let mending = false;

/** Every part the chunks that have run need is here in this language: a word missing then is missing for good. */
function allPartsHere(locale: CatalogueLocale): boolean {
  const into = words.get(locale);
  return into !== undefined && chunks.every(([part]) => into.values.has(part));
}

// A word shown before its part came would read as its id: a bug of the build's split, said aloud
// (the browser tests fail on it) and mended by one render once the words are here. Tests and the
// dev server hold every word from the start.
i18n.on('missing', ({ id, locale }) => {
  if (!firstChunk) return;
  console.warn(`Words missing from the catalogue parts loaded (${locale}): "${id}"`);
  if (mending || allPartsHere(locale as CatalogueLocale)) return;
  mending = true;
  void loadWords(locale as CatalogueLocale)
    .then(() => i18n.load(locale, {}))
    // A part that failed is asked for again by the next missing word; its failure was said.
    .catch((error: unknown) => console.warn('Words could not be fetched:', error))
    .finally(() => {
      mending = false;
    });
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

/**
 * A language's words: in a build, the parts for the code loaded so far; in the tests and the dev
 * server, its whole catalogue, fetched once (a failed fetch is forgotten, so that choosing again
 * tries again).
 */
function messagesOf(locale: CatalogueLocale): Promise<Messages> {
  if (firstChunk) return loadWords(locale);
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
export function activateLocale(locale: CatalogueLocale): Promise<void> {
  const activation = switchTo(locale);
  switching = activation.catch(() => undefined);
  return activation;
}

/** The waits before words whose fetch failed are asked for again: a moment, then every few seconds. */
const RETRY_MS = [250, 1_000, 2_000, 5_000];

/** How long to wait before the `attempt`-th ask again (0 first) of words that failed to come. */
export const wordsRetryIn = (attempt: number): number => RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;

/**
 * A build's parts for a switch, asked for again until they come or a newer switch overtakes this
 * one (undefined then). A failed part left the switch undone for good: on the first load the
 * terminal never started (main.tsx awaits it), and from the palette the setting said the new
 * language while the words stayed, choosing it again changing nothing. Tests and the dev server
 * (whole catalogues) fail at once, as before.
 */
async function wordsFor(locale: CatalogueLocale): Promise<Messages | undefined> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await messagesOf(locale);
    } catch (error) {
      if (!firstChunk) throw error;
      if (latest !== locale) return undefined;
      await new Promise((resolve) => setTimeout(resolve, wordsRetryIn(attempt)));
      if (latest !== locale) return undefined;
    }
  }
}

async function switchTo(locale: CatalogueLocale): Promise<void> {
  latest = locale;
  // English already on screen (the first activation): its shown words are here, and lazy chunks
  // bring the rest. Coming back to English from another language, anything loaded may show: the
  // words of every chunk that has run.
  const messages = await (locale === SOURCE_LOCALE && i18n.locale === SOURCE_LOCALE ? Promise.resolve(english) : wordsFor(locale));
  if (latest !== locale || !messages) return;
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
