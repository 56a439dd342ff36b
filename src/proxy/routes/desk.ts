import type { FastifyInstance } from 'fastify';
import {
  deskLimitsResponseSchema,
  deskMeResponseSchema,
  errorEnvelopeSchema,
  IMPLICIT_PERSON,
  limitSetSchema,
  limitsParamsSchema,
  limitsPutResponseSchema,
  may,
  refusalOf,
  utcDay,
  type AccountView,
  type LimitScope,
  type Person,
} from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { audited } from '../desk/audit';
import { sendDeskRefusal, type Refused } from '../desk/refusals';
import { sendError } from '../http/replies';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const ok = <T>(data: T) => ({ success: true as const, data, timestamp: Date.now() });

/** A user's or account's limits with what today has used of them and the held orders open now. */
const standing = (app: FastifyInstance, day: string, scope: LimitScope, name: string) => app.deskRules.standing(day, scope, name);

/** The accounts a person picks from (a trader's own) or sees (a reading role: every one). */
function accountsFor(person: Person, all: AccountView[]): AccountView[] {
  if (person.accounts === '*' || !may(person, 'trade')) return all;
  const theirs = person.accounts;
  return all.filter((account) => theirs.includes(account.name));
}

/**
 * The desk's limits (issue 30): GET /api/desk/me (everyone: my accounts, my limits and today's
 * use of them, so the ticket shows what the proxy would refuse), GET /api/desk/limits (risk and
 * admin: every user and account) and PUT /api/desk/limits/:scope/:name (risk: the whole set, applied
 * to the next ticket, audited with before and after).
 */
/**
 * Why a risk user given named accounts may not set these limits: an account not theirs, or a user
 * who trades one (or every account) outside theirs. Undefined when they may.
 */
async function outsideTheirAccounts(app: FastifyInstance, person: Person | null | undefined, scope: LimitScope, name: string): Promise<string | undefined> {
  if (!person || person.accounts === '*') return undefined;
  if (scope === 'account') return refusalOf(person, 'setLimits', name);
  const subject = await app.people.user(name);
  if (!subject) return undefined;
  if (subject.accounts === '*') return `${person.name} may not set the limits of ${name}, who trades every account: it takes a risk user of every account`;
  for (const account of subject.accounts) {
    const refusal = refusalOf(person, 'setLimits', account);
    if (refusal) return refusal;
  }
  return undefined;
}

/**
 * Whether limits of `scope` `name` bind the person's own trading: their own user's, or an account
 * they trade. A person with both roles (trader and risk) would otherwise lift the very limits,
 * approval threshold or kill switch that hold them back; another risk user changes those. The
 * implicit person of single-token mode is the operator, with no one else to ask.
 */
function bindsOwnTrading(person: Person | null | undefined, scope: LimitScope, name: string): string | undefined {
  if (!person || person.implicit) return undefined;
  if (scope === 'user') return person.name === name ? `user ${name}` : undefined;
  const trades = person.roles.includes('trader') && (person.accounts === '*' || person.accounts.includes(name));
  return trades ? `account ${name}, which they trade` : undefined;
}

export const deskRoutes: ZodRoutes = async (app) => {
  app.get('/api/desk/me', { config: { access: 'session', action: 'read' }, schema: { response: { 200: deskMeResponseSchema, ...errors } } }, async (request) => {
    const person = request.person ?? IMPLICIT_PERSON;
    const day = utcDay(Date.now());
    const accounts = accountsFor(person, app.accountBook.views());
    const [user, accountLimits] = await Promise.all([
      standing(app, day, 'user', person.name),
      Promise.all(accounts.map(async (account) => [account.name, await standing(app, day, 'account', account.name)] as const)),
    ]);
    return ok({ person, accounts, day, user, accountLimits: Object.fromEntries(accountLimits), approvalTtlMinutes: app.approvals.ttlMs / 60_000 });
  });

  app.get('/api/desk/limits', { config: { access: 'session', action: 'viewDesk' }, schema: { response: { 200: deskLimitsResponseSchema, ...errors } } }, async () => {
    const day = utcDay(Date.now());
    const [users, accounts] = await Promise.all([
      app.people.users().then((rows) =>
        Promise.all(rows.map(async (user) => ({ name: user.name, roles: user.roles, accounts: user.accounts, disabled: user.disabled, ...(await standing(app, day, 'user', user.name)) }))),
      ),
      Promise.all(app.accountBook.views().map(async (account) => ({ ...account, ...(await standing(app, day, 'account', account.name)) }))),
    ]);
    return ok({ day, users, accounts });
  });

  app.put(
    '/api/desk/limits/:scope/:name',
    { config: { access: 'session', action: 'setLimits' }, schema: { params: limitsParamsSchema, body: limitSetSchema, response: { 200: limitsPutResponseSchema, ...errors } } },
    async (request, reply) => {
      const { scope, name } = request.params;
      if (scope === 'user' && !(await app.people.user(name))) return sendError(reply, 'notFound', `no user named ${name}; nothing was changed`);
      if (scope === 'account' && !app.accountBook.has(name)) {
        return sendError(reply, 'notFound', `no account named ${name}: this proxy signs for ${app.accountBook.names.join(', ')}; nothing was changed`);
      }
      const perUser = (['approvalAbove', 'approvalFreeDay'] as const).find((key) => request.body[key] !== undefined);
      if (scope === 'account' && perUser) {
        return sendError(reply, 'invalidParameter', `${perUser}: approval is set per user, not per account; nothing was changed`);
      }
      const by = request.person?.name ?? IMPLICIT_PERSON.name;
      const outside = await outsideTheirAccounts(app, request.person, scope, name);
      const refused: Refused = { subject: name, kind: 'limits', ...(scope === 'account' && { account: name }) };
      if (outside) return sendDeskRefusal(request, reply, refused, 'unauthorized', `${outside}; nothing was changed`);
      const bound = bindsOwnTrading(request.person, scope, name);
      if (bound) {
        return sendDeskRefusal(request, reply, refused, 'unauthorized', `${by} may not change limits that bind their own trading (${bound}): another risk user does; nothing was changed`);
      }
      const before = (await app.limits.get(scope, name))?.limits ?? {};
      const stored = await app.limits.set(scope, name, request.body, by, Date.now());
      await audited(request, 'limits-changed', name, { scope, before, after: stored.limits });
      return ok({ scope, name, limits: stored.limits, updatedBy: stored.updatedBy, updatedAt: stored.updatedAt });
    },
  );
};
