import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { create } from 'zustand';
import { persisted } from '@/terminal/shared/persist/persistedStore';
import type { TicketCheck } from './model/checkTicket';

export const SENT_MARKS_STORAGE_KEY = 'perp-terminal.sent-marks.v1';
/** Marks are kept for two days: "today" is all the account summary counts them for. */
const KEEP_MS = 2 * 24 * 60 * 60 * 1000;

/** The marks of one sent ticket, by the order's place in it; null for an order that was not a market order. */
export interface SentTicketMarks {
  sentAt: number;
  marks: (string | null)[];
}

const decimalText = z.string().check(z.regex(/^\d+(\.\d+)?$/, 'expected a decimal price'));
const storedSentMarksSchema = z.object({
  tickets: z.record(z.string(), z.object({ sentAt: z.number(), marks: z.array(z.nullable(decimalText)) })),
});

interface SentMarksState {
  /** By ticket key (the journal's ticket_id). */
  tickets: Record<string, SentTicketMarks>;
  actions: {
    /** The marks the ticket's market orders were estimated at when it was sent (the first send of a key counts). */
    remember(key: string, check: Pick<TicketCheck, 'rows'>, now?: number): void;
  };
}

/**
 * The mark each market order was estimated at when this terminal sent it: the journal keeps the
 * order as sent (an IOC at its bound, or a MARKET without a price), not the mark, and the account
 * summary counts a market order's notional at that mark.
 */
export const useSentMarksStore = create<SentMarksState>()(
  persisted(
    (set) => ({
      tickets: {},
      actions: {
        remember(key, check, now = Date.now()) {
          const marks = check.rows.map((row) => row.estimate?.mark.toFixed() ?? null);
          if (!marks.some((mark) => mark !== null)) return;
          set((state) => {
            if (state.tickets[key]) return state;
            const kept = Object.entries(state.tickets).filter(([, ticket]) => now - ticket.sentAt < KEEP_MS);
            return { tickets: { ...Object.fromEntries(kept), [key]: { sentAt: now, marks } } };
          });
        },
      },
    }),
    {
      name: SENT_MARKS_STORAGE_KEY,
      what: msg`marks of sent market orders`,
      version: 1,
      // No version 0 was written; one would have this shape.
      migrations: { 0: (older) => older },
      schema: storedSentMarksSchema,
      partialize: ({ tickets }) => ({ tickets }),
    },
  ),
);

export const useSentMarks = () => useSentMarksStore((state) => state.tickets);
export const rememberSentMarks = (key: string, check: Pick<TicketCheck, 'rows'>) => useSentMarksStore.getState().actions.remember(key, check);
