import { t } from '@lingui/core/macro';
import { useMemo } from 'react';
import { auditCsvUrl, mayOpenDeskPanel, usePerson } from '../features/desk';
import { openPanel } from '../features/workspace';
import type { Command } from '../shared/commands/registry';
import { useLocale } from '../shared/i18n/i18n';

/** The desk's panels in the palette, only for the roles that use them (none in single-token mode). */
export function useDeskCommands(): Command[] {
  const person = usePerson();
  const locale = useLocale();
  return useMemo(() => {
    const group = t({ message: 'Desk', context: 'command group: approvals, limits, audit' });
    const commands: Command[] = [];
    if (mayOpenDeskPanel(person, 'approvals')) {
      commands.push({ id: 'desk.approvals', title: t`Open the approvals`, group, keywords: ['four-eyes', 'approve', 'reject'], run: () => openPanel('approvals') });
    }
    if (mayOpenDeskPanel(person, 'desk')) {
      commands.push({ id: 'desk.limits', title: t`Open the desk limits`, group, keywords: ['limits', 'kill switch', 'risk'], run: () => openPanel('desk') });
    }
    if (mayOpenDeskPanel(person, 'audit')) {
      commands.push({ id: 'desk.audit', title: t`Open the audit trail`, group, keywords: ['audit', 'log', 'who'], run: () => openPanel('audit') });
      commands.push({
        id: 'desk.auditCsv',
        title: t`Export the audit as CSV`,
        group,
        keywords: ['download', 'csv'],
        run: () => Object.assign(document.createElement('a'), { href: auditCsvUrl({}), download: 'audit.csv' }).click(),
      });
    }
    return commands;
    // The titles are in the active language: they are built again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
  }, [person, locale]);
}
