import { describe, expect, it } from 'vitest';
import { defaultPullingInterval, fallbackDurations, readTvConfig } from '@/interface';
import { terminalConfig } from '@/service/config';

describe('reading a terminal config', () => {
  it('reads the embedded config with nothing ignored', () => {
    const reading = readTvConfig({ s: 'ok', d: terminalConfig });
    expect(reading).toEqual({ status: 'ok', config: terminalConfig, ignored: [] });
  });

  it('shows the service error message and falls back to defaults', () => {
    const reading = readTvConfig({ s: 'error', errmsg: 'Terminal disabled for maintenance' });
    expect(reading.status).toBe('error');
    if (reading.status === 'error') expect(reading.errmsg).toBe('Terminal disabled for maintenance');
    expect(reading.config.pullingInterval).toEqual(defaultPullingInterval);
    expect(reading.config.durations).toEqual(fallbackDurations);
  });

  it('keeps what is valid in a partly wrong config and says exactly what was ignored and why', () => {
    const reading = readTvConfig({
      s: 'ok',
      d: {
        accountSummaryRow: 'not a list',
        // accountManager missing
        durations: [
          { id: 'GTC', title: 'Good till cancelled', hasDatePicker: false, hasTimePicker: false, default: true },
          { id: 'IOC', title: 'IOC', hasDatePicker: 'no', hasTimePicker: false, default: false },
          { id: 'FOK', title: 'Fill or kill', hasDatePicker: false, hasTimePicker: false, default: true, supportedOrderTypes: ['limit'] },
          { id: 'GTC', title: 'Again', hasDatePicker: false, hasTimePicker: false, default: false },
        ],
        orderCustomFields: [
          { id: 'order_tag', title: 'Tag', tooltip: 'tag', alignment: 'center' },
          { id: 'margin_mode', title: 'Margin', tooltip: 'm', alignment: 'right' },
          { title: 'No id', tooltip: '', alignment: 'left' },
        ],
        orderHistoryCustomFields: [],
        positionCustomFields: [],
        pullingInterval: { quotes: 250, orders: 'fast', positions: -1, accountManager: 2000 },
      },
    });
    expect(reading.status).toBe('ok');
    const { config, ignored } = reading;
    expect(config.accountSummaryRow).toEqual([]);
    expect(config.accountManager).toEqual([]);
    expect(config.durations.map((duration) => [duration.id, duration.default])).toEqual([
      ['GTC', true],
      ['FOK', false],
    ]);
    expect(config.orderCustomFields).toEqual([
      { id: 'order_tag', title: 'Tag', tooltip: 'tag', alignment: 'left' },
      { id: 'margin_mode', title: 'Margin', tooltip: 'm', alignment: 'right' },
    ]);
    expect(config.pullingInterval).toEqual({ quotes: 250, orders: 500, positions: 1000, accountManager: 2000, balances: 1000 });
    expect(ignored).toEqual([
      'd.accountSummaryRow: expected a list, got string; shown as empty',
      'd.accountManager: missing; shown as empty',
      'd.durations[1].hasDatePicker: Invalid input: expected boolean, received string; item ignored',
      'd.durations[3].id: "GTC" appears twice; second one ignored',
      'd.durations: 2 durations are marked default (GTC, FOK); using GTC',
      'd.orderCustomFields[2].id: Invalid input: expected string, received undefined; item ignored',
      'd.orderCustomFields "order_tag".alignment: expected "left" or "right", got "center"; using left',
      'd.pullingInterval.orders: expected a positive number of ms, got "fast"; using 500',
      'd.pullingInterval.positions: expected a positive number of ms, got -1; using 1000',
      'd.pullingInterval.balances: expected a positive number of ms, got nothing; using 1000',
    ]);
  });

  it('survives things that are not a config at all', () => {
    expect(readTvConfig('<html>').status).toBe('error');
    expect(readTvConfig(null).status).toBe('error');
    const noD = readTvConfig({ s: 'ok' });
    expect(noD.status).toBe('error');
    if (noD.status === 'error') expect(noD.errmsg).toMatch(/no settings/);
    const wrongS = readTvConfig({ s: 'maybe', d: terminalConfig });
    expect(wrongS.ignored).toEqual(['s: expected "ok" or "error", got "maybe"']);
    const noDurations = readTvConfig({ s: 'ok', d: { ...terminalConfig, durations: [] } });
    expect(noDurations.config.durations).toEqual(fallbackDurations);
    expect(noDurations.ignored).toContain('d.durations: no usable duration; offering Good till cancelled only');
  });
});
