import { may, type Person } from '@/interface';

export const deskPanelIds = ['approvals', 'desk', 'audit'] as const;
export type DeskPanelId = (typeof deskPanelIds)[number];

/**
 * Whether a person is offered a desk panel. None in single-token mode (no desk). Approvals: risk
 * users decide them; a trader follows their own requests there.
 */
export function mayOpenDeskPanel(person: Person | undefined, id: DeskPanelId): boolean {
  if (!person || person.implicit) return false;
  switch (id) {
    case 'approvals':
      return may(person, 'approve') || may(person, 'trade');
    case 'desk':
      return may(person, 'viewDesk');
    case 'audit':
      return may(person, 'viewAudit');
  }
}

/** Every panel id the person is offered: the terminal's own ones, the desk's only where allowed. */
export function offeredPanels<T>(panels: Readonly<Record<string, T>>, person: Person | undefined): Record<string, T> {
  return Object.fromEntries(
    Object.entries(panels).filter(([id]) => !(deskPanelIds as readonly string[]).includes(id) || mayOpenDeskPanel(person, id as DeskPanelId)),
  );
}
