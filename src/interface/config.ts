import * as z from 'zod/mini';
import { describeIssues } from './issues';
import './zod';

/** GET /v1/tv/config (docs/contract/interface.md 2.1), semantics in docs/contract/decisions.md. */
export const summaryItemSchema = z.object({ id: z.string().check(z.minLength(1)), title: z.string() });
export type SummaryItem = z.infer<typeof summaryItemSchema>;

export const tableColumnSchema = z.object({ id: z.string().check(z.minLength(1)), title: z.string() });
export type TableColumn = z.infer<typeof tableColumnSchema>;

export const accountTableSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  columns: z.array(tableColumnSchema),
});
export type AccountTable = z.infer<typeof accountTableSchema>;

export const durationSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  hasDatePicker: z.boolean(),
  hasTimePicker: z.boolean(),
  default: z.boolean(),
  supportedOrderTypes: z.optional(z.array(z.string())),
});
export type Duration = z.infer<typeof durationSchema>;

export const alignments = ['left', 'right'] as const;
export type Alignment = (typeof alignments)[number];

export const customFieldSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  tooltip: z.string(),
  alignment: z.enum(alignments),
});
export type CustomField = z.infer<typeof customFieldSchema>;

export const feeds = ['quotes', 'orders', 'positions', 'accountManager', 'balances'] as const;
export type Feed = (typeof feeds)[number];
export const pullingIntervalSchema = z.object({
  quotes: z.number().check(z.positive()),
  orders: z.number().check(z.positive()),
  positions: z.number().check(z.positive()),
  accountManager: z.number().check(z.positive()),
  balances: z.number().check(z.positive()),
});
export type PullingInterval = z.infer<typeof pullingIntervalSchema>;

/** docs/contract/decisions.md: when an interval is missing or invalid, use these (ms). */
export const defaultPullingInterval: PullingInterval = {
  quotes: 500,
  orders: 500,
  positions: 1000,
  accountManager: 1000,
  balances: 1000,
};

export const tvConfigSchema = z.object({
  accountSummaryRow: z.array(summaryItemSchema),
  accountManager: z.array(accountTableSchema),
  durations: z.array(durationSchema),
  orderCustomFields: z.array(customFieldSchema),
  orderHistoryCustomFields: z.array(customFieldSchema),
  positionCustomFields: z.array(customFieldSchema),
  pullingInterval: pullingIntervalSchema,
});
export type TvConfig = z.infer<typeof tvConfigSchema>;

export const tvConfigResponseSchema = z.union([
  z.object({ s: z.literal('ok'), d: tvConfigSchema }),
  z.object({ s: z.literal('error'), errmsg: z.string() }),
]);
export type TvConfigResponse = z.infer<typeof tvConfigResponseSchema>;

/** A time in force for limit orders, with no date or time to pick. */
export const limitDuration = (id: string, title: string, isDefault = false): Duration => ({
  id,
  title,
  hasDatePicker: false,
  hasTimePicker: false,
  default: isDefault,
  supportedOrderTypes: ['limit'],
});

export const goodTillCancelled: Duration = limitDuration('GTC', 'Good till cancelled', true);

/** Time in force when a config offers none: good till cancelled, for limit orders. */
export const fallbackDurations: Duration[] = [goodTillCancelled];

export const emptyTvConfig: TvConfig = {
  accountSummaryRow: [],
  accountManager: [],
  durations: fallbackDurations,
  orderCustomFields: [],
  orderHistoryCustomFields: [],
  positionCustomFields: [],
  pullingInterval: defaultPullingInterval,
};

export type ConfigReading =
  | { status: 'ok'; config: TvConfig; ignored: string[] }
  | { status: 'error'; errmsg: string; config: TvConfig; ignored: string[] };

type ListField =
  | 'accountSummaryRow'
  | 'accountManager'
  | 'durations'
  | 'orderCustomFields'
  | 'orderHistoryCustomFields'
  | 'positionCustomFields';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value;
}

/**
 * Reads a config leniently (docs/contract/decisions.md: a partly invalid config still drives what is valid).
 * Every item is checked on its own; what is dropped or replaced by a default is listed in
 * `ignored`, one line per problem, naming the field and why.
 */
export function readTvConfig(raw: unknown): ConfigReading {
  const ignored: string[] = [];
  if (!isRecord(raw)) {
    return {
      status: 'error',
      errmsg: `The configuration is not an object (got ${kindOf(raw)}).`,
      config: emptyTvConfig,
      ignored,
    };
  }
  if (raw.s === 'error') {
    const errmsg =
      typeof raw.errmsg === 'string' && raw.errmsg.trim() !== ''
        ? raw.errmsg
        : 'The service reported an error without a message.';
    return { status: 'error', errmsg, config: emptyTvConfig, ignored };
  }
  if (raw.s !== 'ok') ignored.push(`s: expected "ok" or "error", got ${JSON.stringify(raw.s)}`);
  const d = raw.d;
  if (!isRecord(d)) {
    return {
      status: 'error',
      errmsg: `The configuration has no settings (d is ${kindOf(d)}).`,
      config: emptyTvConfig,
      ignored,
    };
  }

  const config: TvConfig = {
    accountSummaryRow: readList(d, 'accountSummaryRow', summaryItemSchema, ignored),
    accountManager: readList(d, 'accountManager', accountTableSchema, ignored),
    durations: readDurations(d, ignored),
    orderCustomFields: readCustomFields(d, 'orderCustomFields', ignored),
    orderHistoryCustomFields: readCustomFields(d, 'orderHistoryCustomFields', ignored),
    positionCustomFields: readCustomFields(d, 'positionCustomFields', ignored),
    pullingInterval: readIntervals(d.pullingInterval, ignored),
  };
  return { status: 'ok', config, ignored };
}

/** An unknown alignment falls back to left instead of dropping the whole field. */
const lenientCustomField = z.extend(customFieldSchema, { alignment: z.unknown() });

function readCustomFields(
  d: Record<string, unknown>,
  field: 'orderCustomFields' | 'orderHistoryCustomFields' | 'positionCustomFields',
  ignored: string[],
): CustomField[] {
  return readList(d, field, lenientCustomField, ignored).map((item) => {
    if (item.alignment === 'left' || item.alignment === 'right') {
      return { ...item, alignment: item.alignment };
    }
    if (item.alignment !== undefined) {
      ignored.push(
        `d.${field} "${item.id}".alignment: expected "left" or "right", got ${JSON.stringify(item.alignment)}; using left`,
      );
    }
    return { ...item, alignment: 'left' };
  });
}

function readList<T extends { id: string }>(
  d: Record<string, unknown>,
  field: ListField,
  schema: z.ZodMiniType<T>,
  ignored: string[],
): T[] {
  const value = d[field];
  if (value === undefined) {
    ignored.push(`d.${field}: missing; shown as empty`);
    return [];
  }
  if (!Array.isArray(value)) {
    ignored.push(`d.${field}: expected a list, got ${kindOf(value)}; shown as empty`);
    return [];
  }
  const seen = new Set<string>();
  const items: T[] = [];
  value.forEach((item: unknown, index) => {
    const parsed = schema.safeParse(item);
    if (!parsed.success) {
      ignored.push(`${describeIssues(parsed.error, `d.${field}[${index}]`)}; item ignored`);
      return;
    }
    const data = parsed.data;
    if (seen.has(data.id)) {
      ignored.push(`d.${field}[${index}].id: "${data.id}" appears twice; second one ignored`);
      return;
    }
    seen.add(data.id);
    items.push(data);
  });
  return items;
}

function readDurations(d: Record<string, unknown>, ignored: string[]): Duration[] {
  if (d.durations === undefined || !Array.isArray(d.durations)) {
    const got = d.durations === undefined ? 'missing' : `expected a list, got ${kindOf(d.durations)}`;
    ignored.push(`d.durations: ${got}; offering Good till cancelled only`);
    return fallbackDurations;
  }
  const durations = readList(d, 'durations', durationSchema, ignored);
  const defaults = durations.filter((duration) => duration.default);
  if (defaults.length > 1) {
    const [first, ...rest] = defaults;
    ignored.push(
      `d.durations: ${defaults.length} durations are marked default (${defaults.map((x) => x.id).join(', ')}); using ${first?.id}`,
    );
    return durations.map((duration) =>
      rest.includes(duration) ? { ...duration, default: false } : duration,
    );
  }
  if (durations.length === 0) {
    ignored.push('d.durations: no usable duration; offering Good till cancelled only');
    return fallbackDurations;
  }
  return durations;
}

function readIntervals(value: unknown, ignored: string[]): PullingInterval {
  if (!isRecord(value)) {
    ignored.push(
      `d.pullingInterval: ${value === undefined ? 'missing' : `expected an object, got ${kindOf(value)}`}; using default intervals`,
    );
    return defaultPullingInterval;
  }
  const result = { ...defaultPullingInterval };
  for (const feed of feeds) {
    const ms = value[feed];
    if (typeof ms === 'number' && Number.isFinite(ms) && ms > 0) {
      result[feed] = ms;
    } else {
      ignored.push(
        `d.pullingInterval.${feed}: expected a positive number of ms, got ${JSON.stringify(ms) ?? 'nothing'}; using ${defaultPullingInterval[feed]}`,
      );
    }
  }
  return result;
}

/** Just enough of the config's shape for the proxy to know it is one; the terminal reads the rest. */
export const tvConfigEnvelopeSchema = z.looseObject({ s: z.enum(['ok', 'error']) });
