import { t } from '@lingui/core/macro';
import type { DecimalRefusal } from '../format/decimalKeys';
import { formatLocale } from '../format/locale';
import { LOCALES } from '../i18n/locales';

/** A language numbers are read in, by its own name ("English", "Deutsch"). */
const nameOf = (id: string) => LOCALES.find((locale) => locale.id === id)?.name ?? id;

/**
 * Why a decimal field did not take a character or a paste, in the trader's language. `readIn` is
 * the language the figure was read in when it was refused: after a switch the words change, the
 * rule they state does not ("“,” is not the decimal separator in English", said in German).
 */
export function refusalText(refusal: DecimalRefusal, readIn: string = formatLocale()): string {
  const languageName = () => nameOf(readIn);
  switch (refusal.code) {
    case 'separator': {
      const { char, decimal } = refusal;
      const language = languageName();
      return t`“${char}” is not the decimal separator in ${language}: type “${decimal}”. Nothing was added.`;
    }
    case 'secondSeparator':
      return t`The number already has a decimal separator. Nothing was added.`;
    case 'negative':
      return t`This field cannot be negative. Nothing was added.`;
    case 'notDigit': {
      const { char } = refusal;
      return t`“${char}” is not a digit. Nothing was added.`;
    }
    case 'readAsThousands': {
      const { text, read, group } = refusal;
      const language = languageName();
      return t`“${text}” was read as ${read}: “${group}” separates thousands in ${language}. Check it.`;
    }
    case 'notANumber': {
      const { text, decimal } = refusal;
      const language = languageName();
      return t`“${text}” is not a number as ${language} writes it (decimal separator “${decimal}”). Nothing was changed.`;
    }
  }
}
