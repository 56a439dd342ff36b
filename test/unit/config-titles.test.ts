import { i18n } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { afterAll, describe, expect, it } from 'vitest';
import { limitDuration } from '@/interface';
import { terminalConfig } from '@/service/config';
import { translatedConfig } from '@/terminal/features/config/model/knownTitles';

const word = (message: string, context: string) => generateMessageId(message, context);

describe('config titles the terminal knows by id', () => {
  const before = i18n.locale;
  afterAll(() => i18n.activate(before));

  it('are shown in the trader’s language; a title the config words its own way, or an unknown id, as sent', () => {
    i18n.load('test-de', {
      [word('Good till cancelled', 'order duration')]: 'Gültig bis auf Widerruf',
      [word('Post only', 'order duration')]: 'Nur Maker',
      [word('Balance', 'account summary')]: 'Saldo',
      [word('Balances', 'account table')]: 'Salden',
      [word('Est. funding', 'config column: estimated funding rate')]: 'Geschätztes Funding',
      [word('Client id', 'config column: client order id')]: 'Client-ID',
    });
    i18n.activate('test-de');
    const config = translatedConfig(terminalConfig);
    expect(config.durations.map((duration) => duration.title)).toEqual(['Gültig bis auf Widerruf', 'Immediate or cancel', 'Fill or kill', 'Nur Maker']);
    expect(config.durations.map((duration) => duration.id)).toEqual(['GTC', 'IOC', 'FOK', 'POST_ONLY']);
    expect(config.accountSummaryRow.find((item) => item.id === 'balance')?.title).toBe('Saldo');
    expect(config.accountManager.find((table) => table.id === 'balances')?.title).toBe('Salden');
    expect(config.accountManager[0]!.columns.find((column) => column.id === 'est_funding_rate')?.title).toBe('Geschätztes Funding');
    expect(config.orderHistoryCustomFields.find((field) => field.id === 'client_order_id')?.title).toBe('Client-ID');
    const own = translatedConfig({ ...terminalConfig, durations: [limitDuration('GTC', 'Bis Widerruf'), limitDuration('GTX', 'Good till crossing')] });
    expect(own.durations.map((duration) => duration.title)).toEqual(['Bis Widerruf', 'Good till crossing']);
  });
});
