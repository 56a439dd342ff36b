import * as z from 'zod/mini';
import { numericCodeSchema } from './envelope';
import { hasUnsafeText } from './text';
import { approvalSchema, auditActions, auditRecordSchema, decimalTextSchema, deskNameSchema, limitIssueSchema, limitSetSchema, personSchema } from './desk';
import './zod';

/**
 * The proxy's desk routes (issue 30). A ticket, held order or bracket names its account in this
 * header (the batch-order body stays the service's); absent, the person's first account.
 */
export const ACCOUNT_HEADER = 'x-account';

const ok = <T extends z.ZodMiniType>(data: T) => z.object({ success: z.literal(true), data, timestamp: z.int() });

/** An account the proxy signs for, as the terminal sees it (never its key or secret). */
export const accountViewSchema = z.object({ name: z.string(), accountId: z.string() });
export type AccountView = z.infer<typeof accountViewSchema>;
/** GET /api/accounts: the accounts this proxy signs for, in order (the first is the default). */
export const accountsResponseSchema = ok(z.object({ rows: z.array(accountViewSchema) }));

/** GET /api/desk/me: who I am, what I may trade, my limits and what today has used of them. */
export const deskMeSchema = z.object({
  person: personSchema,
  /** Accounts this person may pick in a ticket (all, for reading roles). */
  accounts: z.array(accountViewSchema),
  /** The UTC day the usage counts, "2026-11-25"; it rolls at UTC midnight. */
  day: z.string(),
  /** `approvalFreeToday`: what the user sent today without approval (against `approvalFreeDay`). */
  user: z.object({ limits: limitSetSchema, usedToday: decimalTextSchema, openHeld: z.int(), approvalFreeToday: z.optional(decimalTextSchema) }),
  accountLimits: z.record(z.string(), z.object({ limits: limitSetSchema, usedToday: decimalTextSchema, openHeld: z.int() })),
  /** Minutes an approval waits before it expires (APPROVAL_TTL). */
  approvalTtlMinutes: z.number(),
});
export type DeskMe = z.infer<typeof deskMeSchema>;
export const deskMeResponseSchema = ok(deskMeSchema);

/** GET /api/desk/limits (risk, admin): every user and account with limits and today's use. */
export const deskUserRowSchema = z.object({
  name: z.string(),
  roles: personSchema.shape.roles,
  accounts: personSchema.shape.accounts,
  disabled: z.boolean(),
  limits: limitSetSchema,
  usedToday: decimalTextSchema,
  openHeld: z.int(),
  approvalFreeToday: z.optional(decimalTextSchema),
});
export const deskAccountRowSchema = z.object({ name: z.string(), accountId: z.string(), limits: limitSetSchema, usedToday: decimalTextSchema, openHeld: z.int() });
export const deskLimitsResponseSchema = ok(z.object({ day: z.string(), users: z.array(deskUserRowSchema), accounts: z.array(deskAccountRowSchema) }));
export type DeskUserRow = z.infer<typeof deskUserRowSchema>;
export type DeskAccountRow = z.infer<typeof deskAccountRowSchema>;

/** PUT /api/desk/limits/:scope/:name with a LimitSet body (the whole set: absent keys lift a limit). */
export const limitsParamsSchema = z.object({ scope: z.enum(['user', 'account']), name: deskNameSchema });
/** The PUT's answer: the set as stored, who changed it and when. */
export const limitsPutResponseSchema = ok(
  z.object({ scope: z.enum(['user', 'account']), name: z.string(), limits: limitSetSchema, updatedBy: z.string(), updatedAt: z.int() }),
);

/** GET /api/approvals: risk users see all, authors their own. */
export const approvalsQuerySchema = z.object({ state: z._default(z.enum(['awaiting', 'all']), 'awaiting') });
export const approvalsResponseSchema = ok(z.object({ rows: z.array(approvalSchema) }));
export const approvalResponseSchema = ok(approvalSchema);
export const approvalIdParamsSchema = z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected an approval id')) });
/** POST /api/approvals/:id/approve | reject | withdraw. A rejection needs a note. */
/** A decision's note is read by the author and kept in the audit: no control or bidi characters (as an order tag). */
export const approvalDecisionSchema = z.object({
  note: z.optional(z.string().check(z.maxLength(500), z.refine((text) => !hasUnsafeText(text), 'control and bidirectional characters are not allowed'))),
});

/** A ticket over the author's approval threshold: 202, journaled as awaiting approval, nothing sent. */
export const awaitingApprovalResponseSchema = ok(z.object({ approval: approvalSchema }));

/** A ticket over a limit: 403, refused whole, each offending row named. */
export const limitRefusalSchema = z.object({
  success: z.literal(false),
  code: numericCodeSchema,
  message: z.string(),
  limits: z.array(limitIssueSchema),
});

/** GET /api/audit (risk, admin) and /api/audit.csv: newest first, filtered. */
export const auditQuerySchema = z.object({
  actor: z.optional(z.string().check(z.maxLength(64))),
  action: z.optional(z.enum(auditActions)),
  subject: z.optional(z.string().check(z.maxLength(64))),
  since: z.optional(z.coerce.number().check(z.int())),
  until: z.optional(z.coerce.number().check(z.int())),
  cursor: z.optional(z.string().check(z.regex(/^\d+$/, 'expected a cursor from next_cursor'))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 200),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditPageSchema = ok(z.object({ rows: z.array(auditRecordSchema), next_cursor: z.nullable(z.string()) }));

/** A person's stored preference: settings, or one workspace by its id ("workspace.saved-m3x-1"). */
export const preferenceKeySchema = z.string().check(z.regex(/^(settings|workspace\.[A-Za-z0-9_-]{1,64})$/, 'expected "settings" or "workspace.<id>"'));
export const preferenceSchema = z.object({ key: z.string(), version: z.int(), value: z.unknown(), updatedAt: z.int() });
export type Preference = z.infer<typeof preferenceSchema>;
export const preferencesResponseSchema = ok(z.object({ rows: z.array(preferenceSchema) }));
/** PUT /api/me/preferences/:key: checked with the same zod schema and version as the browser's store. */
export const preferencePutSchema = z.object({ version: z.int(), value: z.unknown() });
