import type { StoreApi } from 'zustand';
import type { Approval, Duration, HeldOrder, LimitIssue, OrderRequest, Side, TicketResult } from '@/interface';
import type { ArmRequest } from '../model/checkHeld';
import type { HeldFields, HeldKind } from '../model/heldTypes';
import type { TicketOutcome } from '../api/submitTicket';
import type { ConfirmSettings } from '../model/submit';
import type { ConvertedSize, SizeClearedReason } from '../model/notional';
import type { AsideDraft } from '../model/aside';
import type { DraftRow, LastSent, OrderKind, RefusableField } from '../model/types';

export type TicketTool = 'order' | 'ladder' | 'paste';

/** A ticket on its way: kept (and persisted) until its outcome is known, so a reload cannot resend it. */
export interface PendingTicket {
  key: string;
  orders: OrderRequest[];
  recvWindow: number;
  startedAt: number;
  /** The account it goes to (the x-account header), fixed when it starts: a resend goes there too. */
  account?: string;
}

/**
 * Gestures from outside the order's fields: on an unsized order they act on it; a sized one is
 * never changed, but set aside whole (see model/aside.ts) while a new order starts.
 */
export interface GestureActions {
  /** Points the ticket at a market (see pointTicketAt). */
  selectMarket(symbol: string, price?: string): void;
  /** A price chosen on purpose (the chart's Buy/Sell limit at): a limit order at that price, on that side. */
  pickPrice(symbol: string, price: string, durations: readonly Duration[], side?: Side): void;
  /** The side keys and commands. */
  chooseSide(side: Side): void;
  /** The "price at mark" key: the mark as the limit price. */
  priceAtMark(price: string): void;
  restoreAside(id: string): void;
  discardAside(id: string): void;
}

/** Editing the row the trader is on: its market, its type, its fields. */
export interface ActiveRowActions extends GestureActions {
  /** The row's market typed anew: its price and quantity are cleared. */
  changeSymbol(id: string, symbol: string): void;
  setActiveRow(id: string): void;
  updateRow(id: string, patch: Partial<Omit<DraftRow, 'id'>>): void;
  /** A field of the row has (or no longer has) a refused keystroke standing under it. */
  noteRefusal(id: string, field: RefusableField, standing: boolean): void;
  setKind(id: string, kind: OrderKind, durations: readonly Duration[]): void;
  /**
   * The row's size carried into another unit by `convert` (the ticket's decimal maths, notional.ts,
   * which the store leaves to its caller so that the first load does not carry it); cleared, with
   * the reason, when it cannot be.
   */
  setSizeUnit(id: string, convert: (row: DraftRow) => ConvertedSize): void;
}

/** Adding, copying, moving and removing rows of the draft. */
export interface RowListActions {
  /** Adds rows at the end; a ticket holding only an untouched row gets them instead. */
  appendRows(rows: DraftRow[]): void;
  addRow(durations: readonly Duration[]): void;
  duplicateRow(id: string): void;
  removeRow(id: string, durations: readonly Duration[]): void;
  moveRow(id: string, offset: -1 | 1): void;
  replaceRows(rows: DraftRow[]): void;
  clear(durations: readonly Duration[]): void;
}

/** A held order or bracket on its way: kept (and persisted) until answered, so a resend reuses its key. */
export interface PendingArm {
  key: string;
  request: ArmRequest;
  startedAt: number;
  /** The account it is armed on, fixed when it starts. */
  account?: string;
  /** Each row's size when it started: a size typed while it is on its way is kept when it is armed. */
  sizes?: Record<string, string>;
}

/** What the proxy answered: the armed order, the bracket's entry and exits, or the refusal's words. */
export interface ArmOutcome {
  key: string;
  mode: ArmRequest['kind'];
  order?: HeldOrder;
  bracket?: { ticket: TicketResult; exits: HeldOrder[] };
  message?: string;
  /** On a desk: waiting for a risk user's approval (nothing armed yet), or refused over these limits. */
  awaiting?: Approval;
  limits?: LimitIssue[];
}

export interface HeldActions {
  /** The row becomes a held kind (undefined: back to its limit or market kind, sent now). */
  setHeldKind(id: string, kind: HeldKind | undefined): void;
  updateHeld(id: string, patch: Partial<HeldFields>): void;
  /** The pending arm for this request: the same key if it is already on its way. */
  beginArm(request: ArmRequest, account?: string): PendingArm;
  finishArm(outcome: ArmOutcome): void;
  dismissArmOutcome(): void;
}

export interface SettingsActions {
  setTool(tool: TicketTool): void;
  setConfirm(settings: Partial<ConfirmSettings>): void;
  setRecvWindow(ms: number): void;
  /** The account the ticket sends to in this workspace: what the next ticket goes to changes. */
  chooseAccount(workspace: string, account: string): void;
}

export interface SubmissionActions {
  /** The pending ticket for these orders to this account: the same key if they are already on their way. */
  /** `agreed`: the rows as the trader agreed to them (the confirmation's), to tell an edit made since. */
  beginSubmission(orders: OrderRequest[], account?: string, agreed?: readonly DraftRow[]): PendingTicket;
  finishSubmission(outcome: TicketOutcome, durations: readonly Duration[]): void;
  /** The trader tried to send a ticket that cannot go: every field's error shows from now on. */
  attemptSend(): void;
  dismissOutcome(): void;
}

export interface TicketState {
  rows: DraftRow[];
  activeRowId: string;
  recvWindow: number;
  pending: PendingTicket | null;
  outcome: TicketOutcome | null;
  tool: TicketTool;
  confirm: ConfirmSettings;
  /** The size last cleared by a change of unit, and why: the ticket says so under the field. */
  sizeCleared: { rowId: string; reason: SizeClearedReason } | null;
  /** Whether a send was tried since the last one went: until then an empty field is not called an error. */
  attempted: boolean;
  /** `rowId:field` of the fields under which a refused keystroke stands: the send then asks. */
  refusedFields: string[];
  /** Sized drafts a gesture set aside, newest first. */
  aside: AsideDraft[];
  /** The price and base quantity last sent in each market, to catch a slip of a digit. */
  lastSent: Record<string, LastSent>;
  armPending: PendingArm | null;
  armOutcome: ArmOutcome | null;
  /** The account chosen in each workspace (by the workspace's id), on a desk with several. */
  accounts: Record<string, string>;
  actions: ActiveRowActions & RowListActions & SettingsActions & SubmissionActions & HeldActions;
}

export type SetTicket = StoreApi<TicketState>['setState'];
export type GetTicket = StoreApi<TicketState>['getState'];
