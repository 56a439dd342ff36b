// @vitest-environment happy-dom
// activateLocale sets <html lang dir>.
import { describe, expect, it } from 'vitest';

describe('getting a language ready before it is chosen', () => {
  it('fetches the catalogue and reads the number forms without switching, then switches at once', async () => {
    const { i18n } = await import('@lingui/core');
    const { activateLocale, prepareLocale } = await import('@/terminal/shared/i18n/i18n');
    const { formatLocale } = await import('@/terminal/shared/format/locale');
    const { formatFixed } = await import('@/terminal/shared/format/number');
    prepareLocale('de');
    expect(formatLocale()).toBe('en');
    expect(formatFixed(100012.5, 1)).toBe('100,012.5');
    expect(i18n.locale).toBe('en');
    await activateLocale('de');
    expect(formatFixed(100012.5, 1)).toBe('100.012,5');
    expect(i18n.locale).toBe('de');
    await activateLocale('en');
    expect(formatFixed(100012.5, 1)).toBe('100,012.5');
  });
});
