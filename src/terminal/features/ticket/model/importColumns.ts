/* Apart from the parser, so the paste help can name the columns without loading it. */

/** The order request fields in the interface's order (docs/contract/interface.md 2.3): a paste without header uses it. */
export const importColumns = [
  'symbol',
  'order_type',
  'side',
  'client_order_id',
  'order_price',
  'order_quantity',
  'order_amount',
  'visible_quantity',
  'order_tag',
  'margin_mode',
] as const;
export type ImportColumn = (typeof importColumns)[number];
