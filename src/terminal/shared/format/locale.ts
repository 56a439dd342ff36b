import { type CompactSymbols, EN_COMPACT, readCompact } from './compact';
import { EN_DECIMAL, EN_PERCENT, type NumberSymbols, readSymbols } from './symbols';

/**
 * The locale numbers, dates and times are written in, for the whole terminal. The locale setting
 * calls setFormatLocale before it renders in a new language; every formatter reads the locale at
 * each call, so what renders next is in the new form.
 */
export const FORMAT_LOCALES = ['en', 'zh-CN', 'zh-TW', 'ja', 'ko', 'es', 'pt-BR', 'fr', 'de', 'ru', 'tr', 'vi', 'ar'] as const;
export type FormatLocale = (typeof FORMAT_LOCALES)[number];

/**
 * Tags given to Intl. English numbers are en-US (1,234.5, 6.19B), its times a 24-hour clock with
 * the day before the month (en-GB: 12 May 14:02), as trading desks write them the world over.
 * Arabic keeps Western digits (ar-u-nu-latn): prices, sizes and percentages read left to right,
 * digit for digit as on every exchange, while the words around them follow Arabic.
 */
const NUMBER_TAGS: Record<FormatLocale, string> = {
  en: 'en-US',
  'zh-CN': 'zh-CN',
  'zh-TW': 'zh-TW',
  ja: 'ja',
  ko: 'ko',
  es: 'es',
  'pt-BR': 'pt-BR',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  tr: 'tr',
  vi: 'vi',
  ar: 'ar-u-nu-latn',
};
const DATE_TAGS: Record<FormatLocale, string> = { ...NUMBER_TAGS, en: 'en-GB' };

export interface LocaleFormats {
  locale: FormatLocale;
  numberTag: string;
  dateTag: string;
  decimal: NumberSymbols;
  percent: NumberSymbols;
  /** Undefined where the locale's compact units cannot be written from digits: Intl writes them. */
  compact: CompactSymbols | undefined;
  /** Intl formatters of this locale, each made on first use and kept: never one per cell. */
  numberFormats: Map<string, Intl.NumberFormat>;
  dateFormats: Map<string, Intl.DateTimeFormat>;
}

function formatsOf(locale: FormatLocale): LocaleFormats {
  const numberTag = NUMBER_TAGS[locale];
  const decimal = locale === 'en' ? EN_DECIMAL : readSymbols(numberTag, 'decimal');
  return {
    locale,
    numberTag,
    dateTag: DATE_TAGS[locale],
    decimal,
    percent: locale === 'en' ? EN_PERCENT : readSymbols(numberTag, 'percent'),
    compact: locale === 'en' ? EN_COMPACT : readCompact(numberTag, decimal),
    numberFormats: new Map(),
    dateFormats: new Map(),
  };
}

const known = new Map<FormatLocale, LocaleFormats>();
let active = formatsOf('en');
known.set('en', active);

/** A shipped locale for any tag: exact, else by language ("de-AT" → de, "pt" → pt-BR), else English. */
export function shippedLocale(tag: string): FormatLocale {
  const exact = FORMAT_LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = tag.toLowerCase().split(/[-_]/)[0];
  if (language === 'zh') return /hant|tw|hk|mo/i.test(tag) ? 'zh-TW' : 'zh-CN';
  return FORMAT_LOCALES.find((locale) => locale.split('-')[0] === language) ?? 'en';
}

function formatsFor(locale: FormatLocale): LocaleFormats {
  let formats = known.get(locale);
  if (!formats) {
    formats = formatsOf(locale);
    known.set(locale, formats);
  }
  return formats;
}

/**
 * Reads the locale's symbols from Intl now, without writing in it yet: Intl's first call in a
 * locale is its slowest, and a trader about to pick the language should not wait for it.
 */
export function prepareFormatLocale(locale: string): void {
  formatsFor(shippedLocale(locale));
}

/** Writes numbers, dates and times in `locale` from now on; returns the shipped locale it chose. */
export function setFormatLocale(locale: string): FormatLocale {
  const chosen = shippedLocale(locale);
  active = formatsFor(chosen);
  return chosen;
}

export const formatLocale = (): FormatLocale => active.locale;

/** Everything the formatters need of the current locale. */
export const localeFormats = (): LocaleFormats => active;

/** The current locale's Intl.NumberFormat for `key`, made once. */
export function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let found = active.numberFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(active.numberTag, options);
    active.numberFormats.set(key, found);
  }
  return found;
}

/** The current locale's Intl.DateTimeFormat for `key`, made once. */
export function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = active.dateFormats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(active.dateTag, options);
    active.dateFormats.set(key, found);
  }
  return found;
}

/** The separators a trader of the current locale types: the decimal one, and the one between thousands. */
export const separators = (): { decimal: string; group: string } => ({ decimal: active.decimal.decimal, group: active.decimal.group });
