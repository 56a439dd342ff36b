import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The terminal's message catalogues: `npm run i18n:extract` collects every message of
 * src/terminal into one .po file per locale, `npm run i18n:compile` turns them into the modules the
 * terminal loads on demand (one chunk per locale). The list of locales is src/terminal/shared/i18n/locales.ts.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN', 'zh-TW', 'ja', 'ko', 'es', 'pt-BR', 'fr', 'de', 'ru', 'tr', 'vi', 'ar', 'pseudo'],
  // Accented, lengthened English: a test finds any word on screen that is not in a catalogue.
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/terminal/locales/{locale}/messages',
      include: ['<rootDir>/src/terminal'],
      exclude: ['**/node_modules/**', '<rootDir>/src/terminal/locales/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  orderBy: 'message',
});
