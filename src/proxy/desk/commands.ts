import { auditActions, auditQuerySchema, deskNameSchema, describeIssues, roles, type Role } from '../../interface';
import { parse, record, UsageError, type DeskCommandContext } from './commandParts';
import { runLimitsCommand } from './limitsCommands';
import { hashToken, LINK_TTL_MS, newLinkToken, type UserRecord } from './people';

export { UsageError, type DeskCommandContext };

export const USAGE = `usage: npm run desk -- <command>
  user add NAME --role trader[,risk|viewer|admin] [--accounts main[,hedge] | --accounts '*']
  user set NAME [--role …] [--accounts …]
  user disable NAME        (their sessions end at once)
  user enable NAME
  user remove NAME         (their sessions end; the audit keeps their name)
  user link NAME           (a new one-time login link; the last one stops working)
  user list
  limits list              (every user's and account's limits, who changed them and when)
  limits set user|account NAME [--max-order X] [--max-ticket X] [--max-day X] [--max-open-held N]
      [--symbols PERP_BTC_USDC,PERP_ETH_USDC|all] [--trading on|off]
      [--approval-above X] [--approval-free-day X]   (users only)
                           (changes only the limits named; X none lifts one; applies to the next ticket)
  limits clear user|account NAME   (lifts every limit)
  audit [--actor NAME] [--action ACTION] [--limit N]`;

/** Actors the audit trail names for itself (approvals.ts, commandParts.ts, the terminal's records). */
const AUDIT_ACTORS = ['proxy', 'cli', 'terminal'];

function nameOf(text: string | undefined, what = 'NAME'): string {
  if (text === undefined) throw new UsageError(`${what}: give the user's name`);
  const name = deskNameSchema.safeParse(text);
  if (!name.success) throw new UsageError(`${what} "${text}": ${describeIssues(name.error)}`);
  return text;
}

function rolesOf(text: string): Role[] {
  const given = text.split(',').map((role) => role.trim());
  for (const role of given) {
    if (!(roles as readonly string[]).includes(role)) throw new UsageError(`--role: "${role}" is not a role (${roles.join(', ')})`);
  }
  return [...new Set(given as Role[])];
}

function accountsOf(text: string): '*' | string[] {
  if (text === '*') return '*';
  const names = text.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!deskNameSchema.safeParse(name).success) throw new UsageError(`--accounts: "${name}" is not an account name (lower-case letters, digits, ".", "_", "-"), or give '*' for every account`);
  }
  return [...new Set(names)];
}

const describe = (user: Pick<UserRecord, 'roles' | 'accounts'>) =>
  `${user.roles.join(', ')}; accounts ${user.accounts === '*' ? 'all' : user.accounts.join(', ') || 'none'}`;

/** Runs one command line (the words after `npm run desk --`); each change is audited as "cli". */
export async function runDeskCommand(args: readonly string[], context: DeskCommandContext): Promise<void> {
  const [topic, verb, ...rest] = args;
  if (topic === 'audit') return showAudit(args.slice(1), context);
  if (topic === 'limits') return runLimitsCommand(args.slice(1), context);
  if (topic !== 'user') throw new UsageError(topic === undefined ? 'give a command' : `unknown command "${topic}" (user, limits, audit)`);
  switch (verb) {
    case 'add':
      return addUser(rest, context);
    case 'set':
      return setUser(rest, context);
    case 'disable':
    case 'enable':
    case 'remove':
      return switchUser(verb, rest, context);
    case 'link':
      return issueLink(nameOf(parse(rest, []).words[0]), context);
    case 'list':
      return listUsers(context);
    default:
      throw new UsageError(verb === undefined ? 'user: give what to do (add, set, disable, enable, remove, link, list)' : `user: unknown command "${verb}" (add, set, disable, enable, remove, link, list)`);
  }
}

async function addUser(args: readonly string[], context: DeskCommandContext): Promise<void> {
  const { words, options } = parse(args, ['role', 'accounts']);
  const name = nameOf(words[0]);
  // The audit's own actors: a person by one of these names could pass for the proxy or the CLI.
  if (AUDIT_ACTORS.includes(name)) throw new UsageError(`NAME "${name}": the audit trail writes ${AUDIT_ACTORS.join(', ')} for the proxy, the command line and the terminal; choose another name`);
  const role = options.get('role');
  if (role === undefined) throw new UsageError(`--role: give the roles of ${name} (${roles.join(', ')})`);
  const userRoles = rolesOf(role);
  const accountsText = options.get('accounts');
  if (accountsText === undefined && userRoles.includes('trader')) {
    throw new UsageError(`--accounts: a trader trades named accounts; give them (--accounts main) or '*' for every account`);
  }
  const user = await context.people.addUser({ name, roles: userRoles, accounts: accountsOf(accountsText ?? '*') }, context.now?.() ?? Date.now());
  await record(context, { action: 'user-added', subject: name, detail: { roles: user.roles, accounts: user.accounts } });
  context.print(`${name} added (${describe(user)}).`);
  await issueLink(name, context);
}

async function setUser(args: readonly string[], context: DeskCommandContext): Promise<void> {
  const { words, options } = parse(args, ['role', 'accounts']);
  const name = nameOf(words[0]);
  // The audit's own actors: a person by one of these names could pass for the proxy or the CLI.
  if (AUDIT_ACTORS.includes(name)) throw new UsageError(`NAME "${name}": the audit trail writes ${AUDIT_ACTORS.join(', ')} for the proxy, the command line and the terminal; choose another name`);
  const role = options.get('role');
  const accounts = options.get('accounts');
  if (role === undefined && accounts === undefined) throw new UsageError('user set: give --role, --accounts or both');
  const change = { ...(role !== undefined && { roles: rolesOf(role) }), ...(accounts !== undefined && { accounts: accountsOf(accounts) }) };
  const user = await context.people.changeUser(name, change);
  if (!user) throw new UsageError(`NAME: no user named ${name} (see: user list)`);
  await record(context, { action: 'user-changed', subject: name, detail: change });
  context.print(`${name} is now ${describe(user)}.`);
}

async function switchUser(verb: 'disable' | 'enable' | 'remove', args: readonly string[], context: DeskCommandContext): Promise<void> {
  const name = nameOf(parse(args, []).words[0]);
  const found = verb === 'remove' ? await context.people.removeUser(name) : await context.people.changeUser(name, { disabled: verb === 'disable' });
  if (!found) throw new UsageError(`NAME: no user named ${name} (see: user list)`);
  // Ended in the store: every proxy refuses their next request (none keeps a user's session in memory).
  const ended = verb === 'enable' ? 0 : await context.sessions.removeUser(name);
  if (verb === 'enable') await record(context, { action: 'user-changed', subject: name, detail: { disabled: false } });
  else await record(context, { action: verb === 'disable' ? 'user-disabled' : 'user-removed', subject: name, detail: { sessionsEnded: ended } });
  const done = { disable: 'disabled', enable: 'enabled (sign in with a new link: user link)', remove: 'removed' }[verb];
  context.print(`${name} ${done}${verb === 'enable' ? '' : `; ${ended} session(s) ended`}.`);
}

async function issueLink(name: string, context: DeskCommandContext): Promise<void> {
  const user = await context.people.user(name);
  if (!user) throw new UsageError(`NAME: no user named ${name} (see: user list)`);
  if (user.disabled) throw new UsageError(`${name} is disabled: enable them first (user enable ${name})`);
  const token = newLinkToken();
  const expiresAt = await context.people.issueLink(name, hashToken(token), context.now?.() ?? Date.now());
  await record(context, { action: 'link-issued', subject: name, detail: { expiresAt } });
  context.print(`One-time login link for ${name} (works once, for ${LINK_TTL_MS / 3_600_000} h; send it privately):`);
  context.print(`  ${context.terminalUrl}?token=${token}`);
  // The address comes from this command's HOST, PORT and ALLOWED_HOSTS, not the running proxy's.
  if (context.answers && !(await context.answers(context.terminalUrl))) {
    context.print(`No proxy answered at ${context.terminalUrl} just now: this address comes from this command's HOST, PORT and`);
    context.print('ALLOWED_HOSTS. If the proxy runs with others (or behind another address), send its address with the same ?token=.');
  }
}

async function listUsers(context: DeskCommandContext): Promise<void> {
  const users = await context.people.users();
  if (users.length === 0) {
    context.print('No users: the proxy is in single-token mode (user add NAME … makes it a desk).');
    return;
  }
  for (const user of users) {
    context.print(`${user.name.padEnd(16)} ${describe(user)}${user.disabled ? '  (disabled)' : ''}  since ${new Date(user.createdAt).toISOString()}`);
  }
}

async function showAudit(args: readonly string[], context: DeskCommandContext): Promise<void> {
  const { words, options } = parse(args, ['actor', 'action', 'limit']);
  if (words.length > 0) throw new UsageError(`audit: unexpected "${words[0]}" (options: --actor, --action, --limit)`);
  const action = options.get('action');
  if (action !== undefined && !(auditActions as readonly string[]).includes(action)) {
    throw new UsageError(`--action: "${action}" is not an audit action (${auditActions.join(', ')})`);
  }
  const query = auditQuerySchema.safeParse(Object.fromEntries(options));
  if (!query.success) throw new UsageError(`--${describeIssues(query.error)}`);
  const page = await context.people.list(query.data);
  for (const row of page.rows) {
    const detail = Object.keys(row.detail).length > 0 ? ` ${JSON.stringify(row.detail)}` : '';
    context.print(`${new Date(row.at).toISOString()}  ${row.actor}  ${row.action}${row.subject ? ` ${row.subject}` : ''}${row.address ? ` from ${row.address}` : ''}${detail}`);
  }
  if (page.rows.length === 0) context.print('No audit records match.');
}
