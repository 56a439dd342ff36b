import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { lazyWithWords } from '@/terminal/shared/i18n/lazyWithWords';
import { isDesk, rolesText, usePerson } from '@/terminal/shared/person';
import { MenuOnDemand } from '@/terminal/shared/ui/MenuOnDemand';
import '../session.css';

const SessionMenuBody = lazyWithWords(() => import('./SessionMenuBody'));

/** The Session control: who is signed in (on a desk), and signing out, here or everywhere. */
export function SessionMenu() {
  useLocale();
  const person = usePerson();
  const roles = isDesk(person) ? rolesText(person) : '';
  const name = person?.name ?? '';
  // On a desk the button names the person and their roles; alone, the terminal has one person.
  const summary = isDesk(person) ? t({ message: `${name} · ${roles}`, context: 'session button: the signed-in person and their roles' }) : t`Session`;
  return (
    <MenuOnDemand className="session-menu" summaryClassName="button" summary={<span className="session-menu__who" title={summary}>{summary}</span>} loading={t`Loading…`}>
      <SessionMenuBody />
    </MenuOnDemand>
  );
}
