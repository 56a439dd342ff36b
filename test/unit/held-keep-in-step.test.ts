import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BracketRequest } from '@/interface';
import { Brackets } from '@/proxy/held/brackets';
import { HeldOrders } from '@/proxy/held/holder';
import { keepInStep } from '@/proxy/held/resync';
import { openSqliteJournal, type JournalStore } from '@/proxy/journal';
import type { AccountSenders } from '@/proxy/sending/accounts';
import { BTC, futuresRow, quietLog, silentSender } from '../helpers/heldHolder';

const row = futuresRow;
const log = quietLog;
const sender = silentSender;

let journal: JournalStore | undefined;
afterEach(async () => journal?.close());

/**
 * A desk proxy that does not send: the ticket is journaled (with the exits) and the answer is the
 * journal's "sending", as when the hand-over wait runs out or the lease is lost mid-send.
 */
function handedOver(store: JournalStore): Pick<AccountSenders, 'submit'> {
  return {
    submit: async (ticket) => {
      const orderJson = ticket.orders.map((order) => JSON.stringify(order));
      const body = `{"orders":[${orderJson.join(',')}]}`;
      const requests = [{ orders: ticket.orders, orderJson, body }];
      await store.createTicket({ id: ticket.id, bodyHash: 'hash', recvWindow: undefined, requests, now: Date.now(), account: ticket.account, placedBy: ticket.placedBy }, ticket.extras);
      return { kind: 'done', result: (await store.ticketResult(ticket.id))!, replayed: false };
    },
  };
}

const bracket: BracketRequest = {
  entry: { symbol: BTC, side: 'BUY', order_type: 'MARKET', order_quantity: 1 },
  stop_loss: { trigger_price: 95_000 },
  take_profit: { trigger_price: 105_000 },
};

describe("a desk sender's round", () => {
  it("arms a bracket's exits once another proxy's dispatcher has its entry accepted", async () => {
    journal = openSqliteJournal(join(mkdtempSync(join(tmpdir(), 'keep-in-step-')), 'journal.sqlite'));
    const held = new HeldOrders({ journal, sender, log, maxHeld: 20, staleAfterMs: () => 600_000 });
    held.judge([row(100_000)], Date.now());
    const brackets = new Brackets({ journal, sender: handedOver(journal), held, log, maxHeld: 20 });
    const sent = await brackets.send(bracket, 'bkt-key-1', 'owner', { account: 'main', placedBy: 'alice' });
    if (sent.kind !== 'done') throw new Error(JSON.stringify(sent));
    expect(sent.ticket.status).toBe('sending');
    expect(sent.exits.map((exit) => exit.state)).toEqual(['awaiting_entry', 'awaiting_entry']);

    // Still in flight: the round leaves them waiting.
    await keepInStep(held, brackets, journal);
    expect((await journal.held.live()).map((exit) => exit.state)).toEqual(['awaiting_entry', 'awaiting_entry']);

    // The holder's dispatcher sends the entry; the service accepts it.
    await journal.markSent('bkt-key-1', 1, Date.now(), Date.now());
    await journal.recordAnswer('bkt-key-1', 1, 200, [{ status: 'accepted', orderId: 42, errorMessage: null }], Date.now());
    await keepInStep(held, brackets, journal);
    const exits = await journal.held.live();
    expect(exits.map((exit) => exit.state)).toEqual(['armed', 'armed']);
    expect(held.trackedIds.sort()).toEqual(exits.map((exit) => exit.id).sort());
  });

  it("cancels them, with the reason, when the entry was rejected", async () => {
    journal = openSqliteJournal(join(mkdtempSync(join(tmpdir(), 'keep-in-step-')), 'journal.sqlite'));
    const held = new HeldOrders({ journal, sender, log, maxHeld: 20, staleAfterMs: () => 600_000 });
    held.judge([row(100_000)], Date.now());
    const brackets = new Brackets({ journal, sender: handedOver(journal), held, log, maxHeld: 20 });
    const sent = await brackets.send(bracket, 'bkt-key-2', 'owner', { account: 'main', placedBy: 'alice' });
    if (sent.kind !== 'done') throw new Error(JSON.stringify(sent));
    await journal.markSent('bkt-key-2', 1, Date.now(), Date.now());
    await journal.recordAnswer('bkt-key-2', 1, 200, [{ status: 'rejected', orderId: null, errorMessage: 'insufficient margin' }], Date.now());
    await keepInStep(held, brackets, journal);
    const exits = await Promise.all(sent.exits.map((exit) => journal!.held.get(exit.id)));
    expect(exits.map((exit) => [exit?.state, exit?.reason])).toEqual([
      ['cancelled', 'entry rejected: insufficient margin'],
      ['cancelled', 'entry rejected: insufficient margin'],
    ]);
    expect(held.trackedIds).toEqual([]);
  });
});
