import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { isDesk, rolesText, usePerson } from '@/terminal/shared/person';
import { useSignOut } from '../api/signOut';

/** Who this session is, in a sentence: a desk's person and roles, or the single-token terminal. */
function WhoLine() {
  const person = usePerson();
  if (!person) return null;
  if (!isDesk(person)) return <p className="session-menu__who-line">{t`Signed in with this terminal’s link (no desk: one person trades).`}</p>;
  const name = person.name;
  const roles = rolesText(person);
  return <p className="session-menu__who-line">{t`Signed in as ${name} (${roles})`}</p>;
}

/** Signing out, here or everywhere: a trader leaving a shared machine, or a link that leaked. */
export default function SessionMenuBody() {
  useLocale();
  const signOut = useSignOut();
  return (
    <div className="session-menu__list" role="group" aria-label={t`Session`}>
      <WhoLine />
      <button type="button" className="button" disabled={signOut.isPending} onClick={() => signOut.mutate('this-browser')}>
        {t`Sign out`}
      </button>
      <button
        type="button"
        className="button"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate('every-browser')}
        title={t`Ends every session of this proxy, in every browser, this one included`}
      >
        {t`Sign out everywhere`}
      </button>
      {signOut.isError ? (
        <p className="session-menu__error" role="alert">
          {signOut.error.message}
        </p>
      ) : null}
    </div>
  );
}
