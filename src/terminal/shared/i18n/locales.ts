import { LOCALE_IDS, LOCALES, type Locale } from '@/interface/locales';

// The list lives in the interface: the proxy checks a person's stored language against it too.
export { LOCALE_IDS, LOCALES, type Locale };
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
