import * as z from 'zod/mini';
import {
  approvalSchema,
  bracketRequestSchema,
  bracketResponseSchema,
  heldOrderRequestSchema,
  heldOrderSchema,
  idempotencyKeySchema,
  limitIssueSchema,
  marginModes,
  MAX_RECV_WINDOW_MS,
  orderRequestSchema,
  sides,
  symbolPattern,
  ticketResultSchema,
} from '@/interface';
import { MAX_ASIDE } from './model/aside';
import { heldKinds } from './model/heldTypes';
import type { DraftRow } from './model/types';

/**
 * The ticket as it is saved across reloads (the draft, the settings, a ticket on its way and its
 * outcome), checked on every load. Raise TICKET_STORAGE_VERSION with a migration when it changes.
 */
export const TICKET_STORAGE_KEY = 'perp-terminal.ticket.v1';
export const TICKET_STORAGE_VERSION = 5;

export const ticketMigrations = {
  // Version 0 had the same shape; it was stored before versions were checked.
  0: (older: unknown) => older,
  // Version 2 added USD-sized rows ('notional'); every version 1 row reads the same.
  1: (older: unknown) => older,
  // Version 3 keeps drafts set aside and the last order sent in each market.
  2: (older: unknown) => (typeof older === 'object' && older !== null ? { aside: [], lastSent: {}, ...older } : older),
  // Version 4 adds held kinds and bracket exits on rows (absent: an order sent now, as before) and
  // a held order or bracket on its way with its answer.
  3: (older: unknown) => (typeof older === 'object' && older !== null ? { armPending: null, armOutcome: null, ...older } : older),
  // Version 5 (a desk, issue 30) remembers the account chosen per workspace; a ticket or arm on its
  // way names its account, and an outcome may be awaiting approval or refused over a limit.
  4: (older: unknown) => (typeof older === 'object' && older !== null ? { accounts: {}, ...older } : older),
};

const textField = z.string().check(z.maxLength(40));
const heldFieldsSchema = z.object({
  trigger: textField,
  limitPrice: textField,
  trailingUnit: z.enum(['price', 'percent']),
  trailing: textField,
  twapMinutes: textField,
  twapSliceSeconds: textField,
  twapSlippage: textField,
  twapPriceLimit: textField,
  twapRandomize: textField,
  takeProfit: textField,
  takeProfitPrice: textField,
  stopLoss: textField,
  stopLossPrice: textField,
});

const draftRowSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  side: z.enum(sides),
  kind: z.enum(['limit', 'market']),
  durationId: z.string(),
  price: z.string(),
  size: z.string(),
  sizeUnit: z.enum(['quantity', 'amount', 'notional']),
  visibleQuantity: z.string(),
  tag: z.string(),
  marginMode: z.enum(marginModes),
  clientOrderId: z.string(),
  expiryDate: z.string(),
  expiryTime: z.string(),
  pasteError: z.optional(z.object({ line: z.int().check(z.positive()), reason: z.string() })),
  heldKind: z.optional(z.enum(heldKinds)),
  held: z.optional(heldFieldsSchema),
  sizeBefore: z.optional(z.object({ size: z.string(), sizeUnit: z.enum(['quantity', 'amount', 'notional']), shown: z.string(), price: z.optional(z.string()) })),
}) satisfies z.ZodMiniType<DraftRow>;

/** A draft set aside is a ticket: bounded so a stored value cannot fill the page's memory. */
const MAX_ROWS_ASIDE = 1000;

const asideDraftSchema = z.object({
  id: z.string(),
  rows: z.array(draftRowSchema).check(z.minLength(1), z.maxLength(MAX_ROWS_ASIDE)),
  activeRowId: z.string(),
  setAsideAt: z.number(),
});

const decimalTextSchema = z.string().check(z.regex(/^\d+(\.\d+)?$/), z.maxLength(40));
const lastSentSchema = z.record(z.string().check(z.regex(symbolPattern)), z.object({ price: z.optional(decimalTextSchema), quantity: z.optional(decimalTextSchema) }));

/** An account's name as the desk spells it; one remembered per workspace, and a workspace per entry at most. */
const accountNameSchema = z.string().check(z.minLength(1), z.maxLength(32));
const MAX_ACCOUNT_CHOICES = 100;

const recvWindowSchema = z.int().check(z.positive(), z.maximum(MAX_RECV_WINDOW_MS));

export const storedTicketSchema = z.object({
  rows: z.array(draftRowSchema).check(z.minLength(1, 'a ticket has at least one row')),
  activeRowId: z.string(),
  recvWindow: recvWindowSchema,
  pending: z.nullable(
    z.object({
      key: idempotencyKeySchema,
      orders: z.array(orderRequestSchema),
      recvWindow: recvWindowSchema,
      startedAt: z.number(),
      account: z.optional(accountNameSchema),
    }),
  ),
  outcome: z.nullable(
    z.object({
      key: z.string(),
      result: z.optional(ticketResultSchema),
      message: z.optional(z.string()),
      awaiting: z.optional(approvalSchema),
      limits: z.optional(z.array(limitIssueSchema).check(z.maxLength(MAX_ROWS_ASIDE))),
    }),
  ),
  aside: z.array(asideDraftSchema).check(z.maxLength(MAX_ASIDE)),
  armPending: z.nullable(
    z.object({
      key: idempotencyKeySchema,
      request: z.union([
        z.object({ kind: z.literal('held'), body: heldOrderRequestSchema }),
        z.object({ kind: z.literal('bracket'), body: bracketRequestSchema }),
      ]),
      startedAt: z.number(),
      account: z.optional(accountNameSchema),
      sizes: z.optional(z.record(z.string(), z.string())),
    }),
  ),
  armOutcome: z.nullable(
    z.object({
      key: z.string(),
      mode: z.enum(['held', 'bracket']),
      order: z.optional(heldOrderSchema),
      bracket: z.optional(bracketResponseSchema.shape.data),
      message: z.optional(z.string()),
      awaiting: z.optional(approvalSchema),
      limits: z.optional(z.array(limitIssueSchema).check(z.maxLength(MAX_ROWS_ASIDE))),
    }),
  ),
  lastSent: lastSentSchema,
  // Added without a version: the keys refused while a field was typed (`rowId:field`), which its
  // send asks about; a ticket saved before them reads as none.
  refusedFields: z.optional(z.array(z.string().check(z.maxLength(160))).check(z.maxLength(500))),
  accounts: z.record(z.string().check(z.maxLength(120)), accountNameSchema).check(
    z.refine((accounts) => Object.keys(accounts).length <= MAX_ACCOUNT_CHOICES, { message: `at most ${MAX_ACCOUNT_CHOICES} workspaces` }),
  ),
  confirm: z.object({
    mode: z.enum(['always', 'large']),
    minOrders: z.number(),
    minNotional: z.number(),
    // Added without a version: a ticket saved before it reads as the default band.
    marketableBandPercent: z.optional(z.number().check(z.positive())),
    priceGuardPercent: z.optional(z.number().check(z.positive())),
    marketSlippagePercent: z.optional(z.number().check(z.positive(), z.maximum(10))),
    boundMarketOrders: z.optional(z.boolean()),
    marketConfirmNotional: z.optional(z.number().check(z.nonnegative())),
  }),
});
