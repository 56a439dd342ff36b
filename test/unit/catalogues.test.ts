import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '@/terminal/shared/i18n/locales';
import { root } from '../helpers/app';

const po = formatter({ lineNumbers: false });

async function catalogue(locale: string) {
  const filename = join(root, 'src', 'terminal', 'locales', locale, 'messages.po');
  return po.parse(readFileSync(filename, 'utf8'), { locale, sourceLocale: SOURCE_LOCALE, filename });
}

/** The variables a message fills in: `{count}`, `{count, plural, …}`, `{symbol}`. */
const variablesOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\s*[,}]/g)].map((match) => match[1]))].sort();

describe('every shipped catalogue', async () => {
  const english = await catalogue(SOURCE_LOCALE);
  const ids = Object.keys(english).filter((id) => !english[id]!.obsolete);

  it('English has the messages of the terminal', () => {
    expect(ids.length).toBeGreaterThan(100);
  });

  for (const { id: locale } of LOCALES.filter((entry) => entry.id !== SOURCE_LOCALE)) {
    it(`${locale} translates every message, with the same variables`, async () => {
      const translated = await catalogue(locale);
      const missing = ids.filter((id) => !translated[id]?.translation?.trim());
      expect(missing, `${locale} lacks ${missing.length} of ${ids.length}`).toEqual([]);
      const mismatched = ids.filter((id) => {
        const source = english[id]!.message ?? id;
        return variablesOf(source).join() !== variablesOf(translated[id]!.translation ?? '').join();
      });
      expect(mismatched, `${locale}: variables differ`).toEqual([]);
    });
  }
});
