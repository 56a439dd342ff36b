import type { JournalOrder } from '../../src/interface';
import { terminalConfig } from '../../src/service/config';

/** Configs the terminal must follow: the embedded one, a different one, a partly wrong one, an error. */
export const embeddedConfig = { s: 'ok', d: terminalConfig };

export const differentConfig = {
  s: 'ok',
  d: {
    accountSummaryRow: [
      { id: 'totalOrders', title: 'Orders sent' },
      { id: 'marginRatio', title: 'Margin ratio' },
    ],
    accountManager: [
      {
        id: 'orderHistory',
        title: 'Audit',
        columns: [
          { id: 'client_order_id', title: 'Client id' },
          { id: 'status', title: 'State' },
        ],
      },
      { id: 'fills', title: 'Fills', columns: [{ id: 'price', title: 'Price' }] },
    ],
    durations: [
      { id: 'IOC', title: 'Immediate or cancel', hasDatePicker: false, hasTimePicker: false, default: true, supportedOrderTypes: ['LIMIT'] },
      { id: 'GTD', title: 'Good till date', hasDatePicker: true, hasTimePicker: true, default: false, supportedOrderTypes: ['limit'] },
      { id: 'DAY', title: 'Day', hasDatePicker: false, hasTimePicker: false, default: false, supportedOrderTypes: ['market'] },
    ],
    orderCustomFields: [{ id: 'client_order_id', title: 'CID', tooltip: 'Client order id chosen by the terminal', alignment: 'right' }],
    orderHistoryCustomFields: [{ id: 'order_tag', title: 'Label', tooltip: 'Order tag', alignment: 'left' }],
    positionCustomFields: [{ id: 'unrealised_pnl', title: 'uPnL', tooltip: 'Unrealised profit', alignment: 'right' }],
    pullingInterval: { quotes: 1000, orders: 2000, positions: 5000, accountManager: 5000, balances: 5000 },
  },
};

export const partlyWrongConfig = {
  s: 'ok',
  d: {
    accountSummaryRow: [{ id: 'workingOrders', title: 'Working' }, { title: 'no id' }],
    durations: [
      { id: 'GTC', title: 'Good till cancelled', hasDatePicker: false, hasTimePicker: false, default: true },
      { id: 'FOK', title: 'Fill or kill', hasDatePicker: false, hasTimePicker: false, default: true },
    ],
    orderCustomFields: [{ id: 'order_tag', title: 'Tag', tooltip: 'The tag', alignment: 'middle' }],
    orderHistoryCustomFields: 'none',
    positionCustomFields: [],
    pullingInterval: { quotes: 'fast', orders: 1500 },
  },
};

export const errorConfig = { s: 'error', errmsg: 'Terminal configuration is being updated, try again in a minute' };

export function journalOrder(overrides: Partial<JournalOrder> = {}): JournalOrder {
  return {
    ticket_id: 'tk-1',
    seq: 0,
    request_no: 1,
    status: 'accepted',
    symbol: 'PERP_BTC_USDC',
    side: 'BUY',
    order_type: 'LIMIT',
    order_price: 100012.5,
    order_quantity: 0.01,
    order_amount: null,
    visible_quantity: null,
    order_tag: 'ladder-1',
    margin_mode: 'CROSS',
    client_order_id: 'cid-1',
    order_id: 1000001,
    error_code: null,
    error_message: null,
    created_at: 1_795_000_000_000,
    updated_at: 1_795_000_000_100,
    ...overrides,
  };
}
