import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { useSignOut } from '../api/signOut';

/** Signing out, here or everywhere: a trader leaving a shared machine, or a link that leaked. */
export default function SessionMenuBody() {
  useLocale();
  const signOut = useSignOut();
  return (
    <div className="session-menu__list" role="group" aria-label={t`Session`}>
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
