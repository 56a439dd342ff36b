import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Dialog } from '@/terminal/shared/ui/Dialog';
import { Segmented } from '@/terminal/shared/ui/Segmented';
import { useSettingsDialog } from '../dialogStore';
import type { Density, Language, Motion, SizeUnit, Theme, UpDown } from '../model/settings';
import { LOCALES } from '@/terminal/shared/i18n/locales';
import { resolveLanguage } from '../useLanguage';
import { useSettingsPanel } from './SettingsDialog.script';

// The option lists are functions: their words are read at render, in the language of the moment.
const themes = (): { value: Theme; label: string }[] => [
  { value: 'system', label: t({ message: 'System', context: 'theme that follows the operating system' }) },
  { value: 'light', label: t({ message: 'Light', context: 'theme' }) },
  { value: 'dark', label: t({ message: 'Dark', context: 'theme' }) },
  { value: 'contrast', label: t`High contrast` },
];
const upDowns = (): { value: UpDown; label: string }[] => [
  { value: 'green-up', label: t`Green up, red down` },
  { value: 'red-up', label: t`Red up, green down` },
  { value: 'blue-orange', label: t`Blue up, orange down` },
];
const densities = (): { value: Density; label: string }[] => [
  { value: 'comfortable', label: t({ message: 'Comfortable', context: 'row density' }) },
  { value: 'compact', label: t({ message: 'Compact', context: 'row density' }) },
];
const motions = (): { value: Motion; label: string }[] => [
  { value: 'system', label: t`As the system` },
  { value: 'reduced', label: t`Reduced (no flashes)` },
  { value: 'full', label: t({ message: 'Full', context: 'animations: all of them' }) },
];

const browserLanguageName = () => LOCALES.find((locale) => locale.id === resolveLanguage('auto'))?.name ?? 'English';

const sizeUnits = (): { value: SizeUnit; label: string }[] => [
  { value: 'base', label: t`Base quantity` },
  { value: 'usd', label: t`USD notional` },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** Every setting in one place; `keyboard` is the hotkeys' own editor, which the app puts here. */
export function SettingsDialog({ keyboard }: { keyboard?: ReactNode }) {
  const open = useSettingsDialog((state) => state.open);
  const hide = useSettingsDialog((state) => state.hide);
  useLocale();
  return open ? (
    <Dialog title={t`Settings`} onClose={hide} className="settings">
      <SettingsBody keyboard={keyboard} />
    </Dialog>
  ) : null;
}

function SettingsBody({ keyboard }: { keyboard?: ReactNode }) {
  useLocale();
  const panel = useSettingsPanel();
  const { settings, change } = panel;
  const browserLanguage = browserLanguageName();
  return (
    <>
      <Section title={t`Language`}>
        <label className="modal__row">
          {t`Language`}
          <select value={settings.language} onChange={(event) => change({ language: event.target.value as Language })}>
            <option value="auto">{t`As the browser (${browserLanguage})`}</option>
            {LOCALES.map((locale) => (
              <option key={locale.id} value={locale.id} lang={locale.id}>
                {locale.name}
              </option>
            ))}
          </select>
        </label>
      </Section>
      <Section title={t`Appearance`}>
        <Segmented label={t`Theme`} value={settings.theme} options={themes()} onChange={(theme) => change({ theme })} />
        <Segmented label={t`Up and down colours`} value={settings.upDown} options={upDowns()} onChange={(upDown) => change({ upDown })} />
        <Segmented label={t`Density`} value={settings.density} options={densities()} onChange={(density) => change({ density })} />
        <Segmented label={t`Motion`} value={settings.motion} options={motions()} onChange={(motion) => change({ motion })} />
      </Section>
      <Section title={t({ message: 'Ticket', context: 'the order ticket' })}>
        <Segmented label={t`Order size in`} value={settings.sizeUnit} options={sizeUnits()} onChange={(sizeUnit) => change({ sizeUnit })} />
        <p className="muted">
          {t`In USD, the ticket sends the base quantity the USD buys at the limit price (the mark for a market order), rounded down to the step. Ladders and pasted orders stay in base quantity.`}
        </p>
      </Section>
      <Section title={t`Outcomes`}>
        <label className="modal__row">
          <input type="checkbox" checked={settings.sound.on} onChange={(event) => panel.setSound(event.target.checked)} />
          {t`Sound on a placed or refused ticket`}
        </label>
        <label className="modal__row">
          {t`Volume`}
          <input
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={settings.sound.volume}
            disabled={!settings.sound.on}
            onChange={(event) => panel.setVolume(Number(event.target.value))}
          />
        </label>
        <label className="modal__row">
          <input type="checkbox" checked={settings.notifications} onChange={(event) => void panel.setNotifications(event.target.checked)} />
          {t`Desktop notification when the terminal is in the background`}
        </label>
      </Section>
      {keyboard}
      <Section title={t`Settings file`}>
        <div className="modal__row">
          <button type="button" className="button" onClick={panel.exportFile}>
            {t`Export settings`}
          </button>
          <label className="button">
            {t`Import settings`}
            <input
              type="file"
              accept="application/json,.json"
              className="visually-hidden"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void panel.importFile(file);
              }}
            />
          </label>
        </div>
        {panel.fileNote ? (
          <p role="status" className={panel.fileNote.tone === 'error' ? 'field__error' : 'muted'}>
            {panel.fileNote.text}
          </p>
        ) : null}
      </Section>
    </>
  );
}
