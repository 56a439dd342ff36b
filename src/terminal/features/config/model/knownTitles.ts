import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountTable, CustomField, Duration, SummaryItem, TableColumn, TvConfig } from '@/interface';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

/** The family's own words for an id (as its service sends them), and those words in every language. */
type Known = Readonly<Record<string, readonly [english: string, words: MessageDescriptor]>>;

/**
 * Titles the terminal knows by the config's id (those of this service family: see
 * src/service/config.ts), in the trader's language. An id not here, or a config that words it its
 * own way (a title other than the family's), keeps the config's words.
 */
const DURATIONS: Known = {
  GTC: ['Good till cancelled', msg({ message: 'Good till cancelled', context: 'order duration' })],
  IOC: ['Immediate or cancel', msg({ message: 'Immediate or cancel', context: 'order duration' })],
  FOK: ['Fill or kill', msg({ message: 'Fill or kill', context: 'order duration' })],
  POST_ONLY: ['Post only', msg({ message: 'Post only', context: 'order duration' })],
};

const SUMMARY: Known = {
  accountId: ['Account', msg({ message: 'Account', context: 'account summary: the account id' })],
  unknownOrders: ['Unknown orders', msg({ message: 'Unknown orders', context: 'account summary' })],
  balance: ['Balance', msg({ message: 'Balance', context: 'account summary' })],
};

const TABLES: Known = {
  markets: ['Funding', msg({ message: 'Funding', context: 'account table of the markets’ funding' })],
  balances: ['Balances', msg({ message: 'Balances', context: 'account table' })],
};

/** Fields of market rows and journal orders a config names as columns. */
const FIELDS: Known = {
  symbol: ['Symbol', msg({ message: 'Symbol', context: 'config column: the instrument' })],
  est_funding_rate: ['Est. funding', msg({ message: 'Est. funding', context: 'config column: estimated funding rate' })],
  last_funding_rate: ['Last funding', msg({ message: 'Last funding', context: 'config column' })],
  sum_unitary_funding: ['Cumulative funding', msg({ message: 'Cumulative funding', context: 'config column' })],
  next_funding_time: ['Next funding', msg({ message: 'Next funding', context: 'config column' })],
  mark_price: ['Mark', msg({ message: 'Mark', context: 'config column: the mark price' })],
  asset: ['Asset', msg({ message: 'Asset', context: 'config column' })],
  total: ['Total', msg({ message: 'Total', context: 'config column: a balance' })],
  available: ['Available', msg({ message: 'Available', context: 'config column: a balance' })],
  order_tag: ['Tag', msg({ message: 'Tag', context: 'config column: the tag of an order' })],
  margin_mode: ['Margin', msg({ message: 'Margin', context: 'config column: cross or isolated' })],
  client_order_id: ['Client id', msg({ message: 'Client id', context: 'config column: client order id' })],
  visible_quantity: ['Visible qty', msg({ message: 'Visible qty', context: 'config column: visible quantity' })],
};

const FIELD_TIPS: Known = {
  order_tag: ['The tag sent with the order', msg`The tag sent with the order`],
  margin_mode: ['Cross or isolated margin', msg`Cross or isolated margin`],
  client_order_id: ['The client order id the terminal chose', msg`The client order id the terminal chose`],
  visible_quantity: ['Quantity shown in the book; 0 hides the order', msg`Quantity shown in the book; 0 hides the order`],
  mark_price: ['Mark price of the instrument', msg`Mark price of the instrument`],
  est_funding_rate: ['Funding rate expected at the next settlement', msg`Funding rate expected at the next settlement`],
};

function known(words: Known, id: string, given: string): string {
  if (!Object.hasOwn(words, id)) return given;
  const [english, translated] = words[id]!;
  return given === english ? i18n._(translated) : given;
}

const field = <T extends CustomField | TableColumn>(item: T): T => {
  const titled = { ...item, title: known(FIELDS, item.id, item.title) };
  return 'tooltip' in item && item.tooltip ? { ...titled, tooltip: known(FIELD_TIPS, item.id, item.tooltip) } : titled;
};

/**
 * The config with the titles the terminal knows in the active language; every other title (and
 * every id) as the config sent it.
 */
export function translatedConfig(config: TvConfig): TvConfig {
  return {
    ...config,
    accountSummaryRow: config.accountSummaryRow.map((item: SummaryItem) => ({ ...item, title: known(SUMMARY, item.id, item.title) })),
    accountManager: config.accountManager.map((table: AccountTable) => ({ ...table, title: known(TABLES, table.id, table.title), columns: table.columns.map(field) })),
    durations: config.durations.map((duration: Duration) => ({ ...duration, title: known(DURATIONS, duration.id, duration.title) })),
    orderCustomFields: config.orderCustomFields.map(field),
    orderHistoryCustomFields: config.orderHistoryCustomFields.map(field),
    positionCustomFields: config.positionCustomFields.map(field),
  };
}
