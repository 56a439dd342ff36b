import { deskNameSchema, describeIssues, limitSetSchema, type LimitScope, type LimitSet } from '../../interface';
import { parse, record, UsageError, type DeskCommandContext } from './commandParts';
import type { StoredLimits } from './limitsStore';

/**
 * `npm run desk -- limits …`: a user's or an account's limits from the command line (issue 30).
 * The proxy reads limits fresh for every ticket, so a change applies to the next one; each change
 * is audited as "cli" with the set before and after.
 */

/** Each option of `limits set` and the limit it sets. */
const OPTIONS = {
  'max-order': 'maxOrderNotional',
  'max-ticket': 'maxTicketNotional',
  'max-day': 'maxDayNotional',
  'max-open-held': 'maxOpenHeld',
  symbols: 'symbols',
  trading: 'tradingOff',
  'approval-above': 'approvalAbove',
  'approval-free-day': 'approvalFreeDay',
} as const satisfies Record<string, keyof LimitSet>;
type OptionName = keyof typeof OPTIONS;
const optionNames = Object.keys(OPTIONS) as OptionName[];
const optionOf = (key: PropertyKey) => optionNames.find((option) => OPTIONS[option] === key);

/** Runs `limits list|set|clear …` (the words after `limits`). */
export async function runLimitsCommand(args: readonly string[], context: DeskCommandContext): Promise<void> {
  const [verb, ...rest] = args;
  switch (verb) {
    case 'list':
      if (parse(rest, []).words.length > 0) throw new UsageError(`limits list: unexpected "${rest[0]}"`);
      return listLimits(context);
    case 'set':
      return setLimits(rest, context);
    case 'clear':
      return clearLimits(rest, context);
    default:
      throw new UsageError(verb === undefined ? 'limits: give what to do (list, set, clear)' : `limits: unknown command "${verb}" (list, set, clear)`);
  }
}

/** A set's limits in words: "max order 25000, symbols PERP_BTC_USDC PERP_ETH_USDC, trading off". */
export function describeLimits(limits: LimitSet): string {
  const words = [
    limits.maxOrderNotional !== undefined && `max order ${limits.maxOrderNotional}`,
    limits.maxTicketNotional !== undefined && `max ticket ${limits.maxTicketNotional}`,
    limits.maxDayNotional !== undefined && `max day ${limits.maxDayNotional}`,
    limits.maxOpenHeld !== undefined && `max open held ${limits.maxOpenHeld}`,
    limits.symbols !== undefined && `symbols ${limits.symbols.join(' ') || 'none'}`,
    limits.tradingOff === true && 'trading off',
    limits.approvalAbove !== undefined && `approval above ${limits.approvalAbove}`,
    limits.approvalFreeDay !== undefined && `approval-free a day ${limits.approvalFreeDay}`,
  ].filter((word) => word !== false);
  return words.length > 0 ? words.join(', ') : 'no limits';
}

const lineOf = (stored: StoredLimits) =>
  `${stored.scope.padEnd(8)} ${stored.name.padEnd(16)} ${describeLimits(stored.limits)}` +
  `${stored.unreadable ? ` (the stored value does not read: ${stored.unreadable})` : ''}` +
  `  changed by ${stored.updatedBy} at ${new Date(stored.updatedAt).toISOString()}`;

async function listLimits(context: DeskCommandContext): Promise<void> {
  const all = await context.limits.list();
  if (all.length === 0) context.print('No limits set: every user and account trades without desk limits (limits set … sets some).');
  for (const stored of all) context.print(lineOf(stored));
}

/** `user|account NAME`: a user must exist; an account is any desk name (the CLI does not know the proxy's accounts). */
async function targetOf(words: readonly string[], verb: string, context: DeskCommandContext): Promise<{ scope: LimitScope; name: string }> {
  const [scope, name, extra] = words;
  if (scope !== 'user' && scope !== 'account') {
    throw new UsageError(scope === undefined ? `limits ${verb}: give user NAME or account NAME` : `limits ${verb}: "${scope}" is not user or account`);
  }
  if (name === undefined) throw new UsageError(`NAME: give the ${scope}'s name`);
  const checked = deskNameSchema.safeParse(name);
  if (!checked.success) throw new UsageError(`NAME "${name}": ${describeIssues(checked.error)}`);
  if (extra !== undefined) throw new UsageError(`limits ${verb}: unexpected "${extra}"`);
  if (scope === 'user' && !(await context.people.user(name))) throw new UsageError(`NAME: no user named ${name} (see: user list)`);
  return { scope, name };
}

/** One option's text as the value it sets; undefined lifts the limit. */
function valueOf(option: OptionName, text: string): unknown {
  switch (option) {
    case 'trading':
      if (text !== 'on' && text !== 'off') throw new UsageError(`--trading: "${text}" is not on or off`);
      return text === 'off' ? true : undefined;
    case 'symbols':
      if (text === 'all') return undefined;
      if (text === 'none') throw new UsageError('--symbols: give the symbols it may trade (PERP_BTC_USDC,PERP_ETH_USDC), or "all" to lift the limit');
      return [...new Set(text.split(',').map((symbol) => symbol.trim()))];
    case 'max-open-held':
      if (text === 'none') return undefined;
      if (!/^\d+$/.test(text)) throw new UsageError(`--max-open-held "${text}": expected a whole number of held orders, as 5 (none lifts it)`);
      return Number(text);
    default:
      return text === 'none' ? undefined : text;
  }
}

/** The stored set with the options' changes, validated whole; a bad value is named by its option. */
function merged(before: LimitSet, options: ReadonlyMap<string, string>): LimitSet {
  const after: Record<string, unknown> = { ...before };
  for (const [option, text] of options) {
    const key = OPTIONS[option as OptionName];
    const value = valueOf(option as OptionName, text);
    if (value === undefined) delete after[key];
    else after[key] = value;
  }
  const parsed = limitSetSchema.safeParse(after);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [key, index] = issue.path;
  const option = optionOf(key ?? '');
  if (option === undefined) throw new UsageError(`limits: ${describeIssues(parsed.error)}`);
  const given = key === 'symbols' && typeof index === 'number' ? (after.symbols as unknown[])[index] : options.get(option);
  throw new UsageError(`--${option} "${String(given)}": ${issue.message}`);
}

async function setLimits(args: readonly string[], context: DeskCommandContext): Promise<void> {
  const { words, options } = parse(args, optionNames);
  const { scope, name } = await targetOf(words, 'set', context);
  if (options.size === 0) throw new UsageError(`limits set: give the limits to change (${optionNames.map((o) => `--${o}`).join(', ')})`);
  const perUser = (['approval-above', 'approval-free-day'] as const).find((option) => options.has(option));
  if (scope === 'account' && perUser) {
    throw new UsageError(`--${perUser}: a user's limit only (past it their tickets wait for a risk user's approval); give it with limits set user NAME`);
  }
  const stored = await context.limits.get(scope, name);
  await change(context, scope, name, stored, merged(stored?.limits ?? {}, options));
}

async function clearLimits(args: readonly string[], context: DeskCommandContext): Promise<void> {
  const { words } = parse(args, []);
  const { scope, name } = await targetOf(words, 'clear', context);
  await change(context, scope, name, await context.limits.get(scope, name), {});
}

/** Stores the whole set, audits it with what it replaced, and prints it. */
async function change(context: DeskCommandContext, scope: LimitScope, name: string, stored: StoredLimits | undefined, after: LimitSet): Promise<void> {
  const saved = await context.limits.set(scope, name, after, 'cli', context.now?.() ?? Date.now());
  const before = stored?.limits ?? {};
  await record(context, { action: 'limits-changed', subject: name, detail: { scope, before, after, ...(stored?.unreadable && { unreadable: stored.unreadable }) } });
  context.print(lineOf(saved));
}
