import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './app';

/** A locale's words as its .po file has them: `say(english, context?)` is the translation, or throws. */
export function catalogue(locale: string): (english: string, context?: string) => string {
  const words = new Map<string, string>();
  const po = readFileSync(join(root, 'src/terminal/locales', locale, 'messages.po'), 'utf8');
  for (const entry of po.split(/\n\n+/)) {
    const field = (name: string) => {
      const line = new RegExp(`^${name} (".*")$`, 'm').exec(entry);
      return line ? (JSON.parse(line[1]!) as string) : undefined;
    };
    const id = field('msgid');
    const text = field('msgstr');
    if (id && text) words.set(`${field('msgctxt') ?? ''}\u0004${id}`, text);
  }
  return (english, context = '') => {
    const text = words.get(`${context}\u0004${english}`);
    if (text === undefined) throw new Error(`${locale} has no "${english}" (context "${context}")`);
    return text;
  };
}
