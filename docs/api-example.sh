#!/usr/bin/env bash
# The same day in curl, with jq to read answers (docs/api.md):  LOGIN_LINK='http://127.0.0.1:8080/?token=…' bash docs/api-example.sh
set -euo pipefail
origin=$(printf '%s' "$LOGIN_LINK" | sed -E 's#^(https?://[^/]+).*#\1#')
symbol=${SYMBOL:-PERP_ETH_USDC}
umask 077                      # the cookie jar holds the session: readable by you only
jar=$(mktemp)
trap 'rm -f "$jar"' EXIT

# 1. Sign in: the link answers 303 and sets the session cookie, kept in the jar.
status=$(curl -s -o /dev/null -w '%{http_code}' -c "$jar" "$LOGIN_LINK")
[ "$status" = 303 ] || { echo "sign-in refused ($status): ask for a new link" >&2; exit 1; }
api() { curl -sS --fail-with-body -b "$jar" -H "Origin: $origin" "$@"; echo; }

# 2. A ticket of one limit buy 5% under the mark, with its Idempotency-Key (its id); sent twice, placed once.
mark=$(curl -sS "$origin/v1/public/futures" | jq --arg s "$symbol" '.data.rows[] | select(.symbol == $s) | .mark_price')
ticket="bot-$(date +%s)"
order=$(jq -cn --arg s "$symbol" --argjson mark "$mark" \
  '{orders: [{symbol: $s, order_type: "LIMIT", side: "BUY", order_price: ($mark * 0.95 | floor), order_quantity: 0.1}]}')
api -X POST "$origin/v1/batch-order" -H 'Content-Type: application/json' -H "Idempotency-Key: $ticket" -d "$order"
api -X POST "$origin/v1/batch-order" -H 'Content-Type: application/json' -H "Idempotency-Key: $ticket" -d "$order" \
  -D - -o /dev/null | grep -i '^idempotent-replayed'

# 3. Its outcome: the ticket (status sending until answered), and its orders in the journal.
api "$origin/api/tickets/$ticket"
api "$origin/api/orders?ticket=$ticket"

# 4. Arm a stop the proxy holds, then cancel it by its id.
stop=$(jq -cn --arg s "$symbol" --argjson mark "$mark" \
  '{type: "STOP_MARKET", symbol: $s, side: "SELL", order_quantity: 0.1, trigger_price: ($mark * 0.5 | floor)}')
armed=$(api -X POST "$origin/api/held-orders" -H 'Content-Type: application/json' -H "Idempotency-Key: bot-stop-$(date +%s)" -d "$stop")
echo "$armed"
id=$(printf '%s' "$armed" | jq -r '.data.id')
api -X DELETE "$origin/api/held-orders/$id"

# 5. The last hour's one-minute candles (from and to in ms since epoch).
to=$(( $(date +%s) * 1000 ))
api "$origin/api/tape/candles?symbol=$symbol&resolution=1m&from=$(( to - 3600000 ))&to=$to"

# 6. Sign out.
api -X POST "$origin/api/session/logout"
