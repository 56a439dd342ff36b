import { goodTillCancelled, limitDuration, tvConfigSchema, type TvConfig } from '../interface';

/**
 * The terminal configuration this service hands out. Ids of custom fields and columns name fields
 * of the rows the terminal has: journal orders for the order tables, market rows for positions and
 * the "markets" account table. The "balances" table and the "balance" summary item have no source
 * in the interface (there is no balances endpoint): the terminal says so, as it would for any
 * service. Validated at start so a typo here fails loudly, not in a trader's browser.
 */
export const terminalConfig: TvConfig = tvConfigSchema.parse({
  accountSummaryRow: [
    { id: 'accountId', title: 'Account' },
    { id: 'workingOrders', title: 'Working orders' },
    { id: 'workingNotional', title: 'Working notional' },
    { id: 'unknownOrders', title: 'Unknown orders' },
    { id: 'balance', title: 'Balance' },
  ],
  accountManager: [
    {
      id: 'markets',
      title: 'Funding',
      columns: [
        { id: 'symbol', title: 'Symbol' },
        { id: 'est_funding_rate', title: 'Est. funding' },
        { id: 'last_funding_rate', title: 'Last funding' },
        { id: 'sum_unitary_funding', title: 'Cumulative funding' },
        { id: 'next_funding_time', title: 'Next funding' },
      ],
    },
    {
      id: 'balances',
      title: 'Balances',
      columns: [
        { id: 'asset', title: 'Asset' },
        { id: 'total', title: 'Total' },
        { id: 'available', title: 'Available' },
      ],
    },
  ],
  durations: [
    goodTillCancelled,
    limitDuration('IOC', 'Immediate or cancel'),
    limitDuration('FOK', 'Fill or kill'),
    limitDuration('POST_ONLY', 'Post only'),
  ],
  orderCustomFields: [
    { id: 'order_tag', title: 'Tag', tooltip: 'The tag sent with the order', alignment: 'left' },
    { id: 'margin_mode', title: 'Margin', tooltip: 'Cross or isolated margin', alignment: 'left' },
  ],
  orderHistoryCustomFields: [
    {
      id: 'client_order_id',
      title: 'Client id',
      tooltip: 'The client order id the terminal chose',
      alignment: 'left',
    },
    {
      id: 'visible_quantity',
      title: 'Visible qty',
      tooltip: 'Quantity shown in the book; 0 hides the order',
      alignment: 'right',
    },
  ],
  positionCustomFields: [
    { id: 'mark_price', title: 'Mark', tooltip: 'Mark price of the instrument', alignment: 'right' },
    {
      id: 'est_funding_rate',
      title: 'Est. funding',
      tooltip: 'Funding rate expected at the next settlement',
      alignment: 'right',
    },
  ],
  pullingInterval: {
    quotes: 500,
    orders: 1000,
    positions: 2000,
    accountManager: 2000,
    balances: 2000,
  },
});
