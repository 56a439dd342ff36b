/**
 * The languages the terminal ships, each named in itself (a trader looks for their own language
 * by how they write it). `dir` mirrors the layout; figures stay left to right in every one.
 */
export const LOCALES = [
  { id: 'en', name: 'English', dir: 'ltr' },
  { id: 'zh-CN', name: '简体中文', dir: 'ltr' },
  { id: 'zh-TW', name: '繁體中文', dir: 'ltr' },
  { id: 'ja', name: '日本語', dir: 'ltr' },
  { id: 'ko', name: '한국어', dir: 'ltr' },
  { id: 'es', name: 'Español', dir: 'ltr' },
  { id: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { id: 'fr', name: 'Français', dir: 'ltr' },
  { id: 'de', name: 'Deutsch', dir: 'ltr' },
  { id: 'ru', name: 'Русский', dir: 'ltr' },
  { id: 'tr', name: 'Türkçe', dir: 'ltr' },
  { id: 'vi', name: 'Tiếng Việt', dir: 'ltr' },
  { id: 'ar', name: 'العربية', dir: 'rtl' },
] as const;

export type Locale = (typeof LOCALES)[number]['id'];
export const LOCALE_IDS = LOCALES.map((locale) => locale.id) as [Locale, ...Locale[]];
/** Not offered to traders: accented, lengthened English that shows any message left out of the catalogues. */
export const PSEUDO_LOCALE = 'pseudo';
export type CatalogueLocale = Locale | typeof PSEUDO_LOCALE;
export const SOURCE_LOCALE: Locale = 'en';

export const isLocale = (value: string): value is Locale => LOCALE_IDS.includes(value as Locale);
export const directionOf = (locale: CatalogueLocale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr');

/** Chinese by script, not by region: Hong Kong and Macau read Traditional, Singapore Simplified. */
const REGION_TO_CHINESE: Record<string, Locale> = { TW: 'zh-TW', HK: 'zh-TW', MO: 'zh-TW', CN: 'zh-CN', SG: 'zh-CN' };

function matchOne(tag: string): Locale | undefined {
  const [language = '', ...rest] = tag.split('-');
  const lower = language.toLowerCase();
  if (lower === 'zh') {
    if (rest.some((part) => part.toLowerCase() === 'hant')) return 'zh-TW';
    if (rest.some((part) => part.toLowerCase() === 'hans')) return 'zh-CN';
    const region = rest.find((part) => part.length === 2)?.toUpperCase();
    return (region && REGION_TO_CHINESE[region]) || 'zh-CN';
  }
  if (lower === 'pt') return 'pt-BR';
  return LOCALES.find((locale) => locale.id.toLowerCase() === lower)?.id;
}

/** The first of the browser's languages the terminal ships (`navigator.languages`), else English. */
export function detectLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const found = matchOne(tag);
    if (found) return found;
  }
  return SOURCE_LOCALE;
}
