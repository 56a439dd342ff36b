// A script's day at the proxy (docs/api.md): sign in with a login link, place a ticket with an
// idempotency key, follow its outcome, arm and cancel a stop, read candles, sign out.
// Node 20.19+, no dependencies:  LOGIN_LINK='http://127.0.0.1:8080/?token=…' node docs/api-example.mjs
const link = new URL(process.env.LOGIN_LINK ?? '');
const origin = link.origin; // http://127.0.0.1:8080: sent as Origin on every request that changes state
const symbol = process.env.SYMBOL ?? 'PERP_ETH_USDC';

// 1. The link, opened once, answers 303 with the session cookie; keep it (in memory, never in a log).
const signIn = await fetch(link, { redirect: 'manual' });
const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
if (signIn.status !== 303 || !cookie) throw new Error(`sign-in refused (${signIn.status}): ask for a new link`);

async function call(method, path, { body, key } = {}) {
  const headers = { cookie, origin };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  const answer = await fetch(origin + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await answer.json();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${json.message}`);
  return { json, replayed: answer.headers.get('idempotent-replayed') === 'true' };
}
const show = (step, value) => console.log(JSON.stringify({ step, ...value }));

// 2. A limit buy 5% under the mark (public read: no session needed, sent anyway).
const futures = await call('GET', '/v1/public/futures');
const mark = futures.json.data.rows.find((row) => row.symbol === symbol).mark_price;
const ticket = `bot-${Date.now()}`; // the Idempotency-Key is the ticket's id: one per ticket, kept until answered
const order = { symbol, order_type: 'LIMIT', side: 'BUY', order_price: Math.floor(mark * 0.95), order_quantity: 0.1 };
const placed = await call('POST', '/v1/batch-order', { body: { orders: [order] }, key: ticket });
show('placed', { ticket, status: placed.json.data.status });

// A retry (a timeout, a restart of the script) sends the same key and body: answered, not placed twice.
const again = await call('POST', '/v1/batch-order', { body: { orders: [order] }, key: ticket });
show('retried', { replayed: again.replayed, status: again.json.data.status });

// 3. Its outcome: the ticket until it is no longer sending, then its orders in the journal.
let result = placed.json.data;
while (result.status === 'sending') {
  await new Promise((resolve) => setTimeout(resolve, 500));
  result = (await call('GET', `/api/tickets/${ticket}`)).json.data;
}
const orders = await call('GET', `/api/orders?ticket=${ticket}`);
show('outcome', { status: result.status, orders: orders.json.data.rows.map((row) => ({ status: row.status, order_id: row.order_id })) });

// 4. A stop the proxy holds (sent as a MARKET sell if the mark falls to the trigger), then cancelled.
const stop = { type: 'STOP_MARKET', symbol, side: 'SELL', order_quantity: 0.1, trigger_price: Math.floor(mark * 0.5) };
const armed = await call('POST', '/api/held-orders', { body: stop, key: `bot-stop-${Date.now()}` });
show('armed', { id: armed.json.data.id, state: armed.json.data.state });
const cancelled = await call('DELETE', `/api/held-orders/${armed.json.data.id}`);
show('cancelled', { id: cancelled.json.data.id, state: cancelled.json.data.state });

// 5. The last hour's one-minute candles from the proxy's tape.
const to = Date.now();
const candles = await call('GET', `/api/tape/candles?symbol=${symbol}&resolution=1m&from=${to - 3_600_000}&to=${to}`);
show('candles', { rows: candles.json.data.rows.length, recordingSince: candles.json.data.recordingSince });

// 6. Signing out ends the session at once (the link is already spent).
await call('POST', '/api/session/logout');
show('signed-out', {});
