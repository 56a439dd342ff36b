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
