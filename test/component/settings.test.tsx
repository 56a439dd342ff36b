import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettingsFile, settingsFile, SettingsDialog, useSettingsDialog, useSettingsStore } from '@/terminal/features/settings';
import { SETTINGS_STORAGE_KEY, SETTINGS_VERSION } from '@/terminal/features/settings/model/settings';
import { Field } from '@/terminal/shared/ui/Field';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';

const initial = useSettingsStore.getState();
afterEach(() => {
  useSettingsStore.setState(initial, true);
  useSettingsDialog.setState({ open: false });
});

const mine = { ...DEFAULT_SETTINGS, theme: 'light' as const, upDown: 'blue-orange' as const, keys: { 'ticket.buy': 'U' } };

describe('the settings file', () => {
  it('reads back what it wrote', () => {
    expect(readSettingsFile(settingsFile(mine))).toEqual({ ok: true, settings: mine });
  });

  it('names what is wrong in a bad file', () => {
    expect(readSettingsFile('{ not json')).toEqual({ ok: false, reason: 'The file is not JSON.' });
    expect(readSettingsFile(JSON.stringify({ kind: 'perp-terminal.layout', version: 1, settings: mine }))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Not a settings file: kind/),
    });
    const badTheme = JSON.stringify({ kind: 'perp-terminal.settings', version: SETTINGS_VERSION, settings: { ...mine, theme: 'purple' } });
    expect(readSettingsFile(badTheme)).toMatchObject({ ok: false, reason: expect.stringMatching(/^theme: /) });
    const loud = JSON.stringify({ kind: 'perp-terminal.settings', version: SETTINGS_VERSION, settings: { ...mine, sound: { on: true, volume: 3 } } });
    expect(readSettingsFile(loud)).toMatchObject({ ok: false, reason: expect.stringMatching(/^sound\.volume: /) });
    const newer = JSON.stringify({ kind: 'perp-terminal.settings', version: SETTINGS_VERSION + 1, settings: mine });
    expect(readSettingsFile(newer)).toEqual({
      ok: false,
      reason: `It was saved by a newer terminal (version ${SETTINGS_VERSION + 1}; this one reads up to ${SETTINGS_VERSION}).`,
    });
  });
});

describe('the saved settings', () => {
  it('come back after a reload', async () => {
    useSettingsStore.getState().actions.replace(mine);
    const saved = localStorage.getItem(SETTINGS_STORAGE_KEY) as string;
    // A new page: the store starts from its defaults and reads what the last one saved.
    useSettingsStore.setState(initial, true);
    localStorage.setItem(SETTINGS_STORAGE_KEY, saved);
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState().theme).toBe('light');
    expect(useSettingsStore.getState().keys).toEqual({ 'ticket.buy': 'U' });
  });

  it('reset to the defaults with a notice naming the field when one cannot be read', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ version: SETTINGS_VERSION, state: { ...mine, density: 'tiny' } }));
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState().theme).toBe('system');
    const notice = useToastStore.getState().toasts.find((toast) => toast.id === `stored:${SETTINGS_STORAGE_KEY}`);
    expect(notice?.detail).toMatch(/^density: /);
  });

  it('from a newer terminal are not used', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ version: SETTINGS_VERSION + 1, state: mine }));
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState().theme).toBe('system');
  });
});

describe('the settings panel', () => {
  it('imports a good file whole, and a bad one changes nothing and says why', async () => {
    const user = userEvent.setup();
    useSettingsDialog.setState({ open: true });
    render(<SettingsDialog />);
    const input = screen.getByLabelText('Import settings');
    const bad = new File([JSON.stringify({ kind: 'perp-terminal.settings', version: 1, settings: { ...mine, notifications: 'yes' } })], 'bad.json');
    await user.upload(input, bad);
    await screen.findByText(/^bad\.json was not read, nothing changed: notifications: /);
    expect(useSettingsStore.getState().theme).toBe('system');
    await user.upload(input, new File([settingsFile(mine)], 'mine.json'));
    await screen.findByText('Settings read from mine.json.');
    expect(useSettingsStore.getState().upDown).toBe('blue-orange');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
  });
});

describe('the ticket section', () => {
  it('sets the size unit the ticket reads', async () => {
    const user = userEvent.setup();
    useSettingsDialog.setState({ open: true });
    render(<SettingsDialog />);
    const unit = screen.getByRole('radiogroup', { name: 'Order size in' });
    expect(screen.getByRole('radio', { name: 'Base quantity' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'USD notional' }));
    expect(useSettingsStore.getState().sizeUnit).toBe('usd');
    expect(unit).toBeInTheDocument();
  });
});

describe('a field\'s error', () => {
  it('waits for the trader to change or leave the field when told to', async () => {
    const { rerender } = render(
      <Field label="Price" error="Enter a price" quietUntilTouched>
        {(props) => <input {...props} />}
      </Field>,
    );
    expect(screen.queryByText('Enter a price')).toBeNull();
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'false');
    fireEvent.blur(screen.getByLabelText('Price'));
    await waitFor(() => expect(screen.getByText('Enter a price')).toBeInTheDocument());
    rerender(
      <Field label="Price" error="Enter a price">
        {(props) => <input {...props} />}
      </Field>,
    );
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
  });
});
