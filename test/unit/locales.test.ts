import { describe, expect, it } from 'vitest';
import { readSettingsFile, SETTINGS_FILE_KIND } from '@/terminal/features/settings/model/settings';
import { detectLocale, directionOf, LOCALES } from '@/terminal/shared/i18n/locales';

describe('the language a first open picks', () => {
  it('is the first of the browser languages the terminal ships, by language, script and region', () => {
    expect(detectLocale(['de-DE', 'en-US'])).toBe('de');
    expect(detectLocale(['xx', 'fr-CA'])).toBe('fr');
    expect(detectLocale(['pt-PT'])).toBe('pt-BR');
    expect(detectLocale(['zh-HK'])).toBe('zh-TW');
    expect(detectLocale(['zh-Hant-SG'])).toBe('zh-TW');
    expect(detectLocale(['zh-SG'])).toBe('zh-CN');
    expect(detectLocale(['zh'])).toBe('zh-CN');
    expect(detectLocale(['ar-EG'])).toBe('ar');
    expect(detectLocale(['EN-gb'])).toBe('en');
    expect(detectLocale(['sw', 'hi'])).toBe('en');
    expect(detectLocale([])).toBe('en');
  });

  it('ships 13 locales, each named in itself, Arabic alone right to left', () => {
    expect(LOCALES).toHaveLength(13);
    expect(new Set(LOCALES.map((locale) => locale.name)).size).toBe(13);
    expect(LOCALES.filter((locale) => directionOf(locale.id) === 'rtl').map((locale) => locale.id)).toEqual(['ar']);
  });
});

describe('settings saved before languages', () => {
  const v1 = {
    theme: 'dark', upDown: 'green-up', density: 'compact', motion: 'system', sizeUnit: 'base',
    sound: { on: false, volume: 0.5 }, notifications: false, keys: {},
  };

  it('open with the language following the browser, everything else kept', () => {
    const read = readSettingsFile(JSON.stringify({ kind: SETTINGS_FILE_KIND, version: 1, settings: v1 }));
    expect(read).toEqual({ ok: true, settings: { ...v1, language: 'auto' } });
  });

  it('a language that is not shipped is named as the field at fault', () => {
    const read = readSettingsFile(JSON.stringify({ kind: SETTINGS_FILE_KIND, version: 2, settings: { ...v1, language: 'xx' } }));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.reason).toMatch(/language/);
  });
});
