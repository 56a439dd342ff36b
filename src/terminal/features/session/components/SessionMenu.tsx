import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { lazyWithWords } from '@/terminal/shared/i18n/lazyWithWords';
import { MenuOnDemand } from '@/terminal/shared/ui/MenuOnDemand';
import '../session.css';

const SessionMenuBody = lazyWithWords(() => import('./SessionMenuBody'));

/** The Session control: signing out, here or everywhere. */
export function SessionMenu() {
  useLocale();
  return (
    <MenuOnDemand className="session-menu" summaryClassName="button" summary={t`Session`} loading={t`Loading…`}>
      <SessionMenuBody />
    </MenuOnDemand>
  );
}
