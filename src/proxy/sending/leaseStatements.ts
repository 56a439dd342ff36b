/** The sending lease's statements (see lease.ts). */

/**
 * The database's clock, in ms. Every lease time is read from it, never from a proxy's: two
 * machines' clocks differ, and a lease judged on each one's own clock could be held by both.
 */
export const DB_NOW = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/**
 * Take, take over or renew, in one statement, so two proxies racing for an expired lease cannot
 * both win (the row's lock orders them; the second sees the first's fresh expiry and gets no row).
 * - no row: inserted, token 1;
 * - this holder, this token, not yet expired: renewed, token unchanged;
 * - expired, or held under this holder's name but not renewed by it (it lost the lease locally,
 *   or never knew it took it): taken with token + 1, which fences every statement built before.
 * Another holder's live lease is left alone: no row returned.
 */
export const TAKE_OR_RENEW = `
INSERT INTO sender_lease AS lease (account_id, holder, token, expires_at, acquired_at)
SELECT $1, $2, 1, now.ms + $3, now.ms FROM (SELECT ${DB_NOW} AS ms) AS now
ON CONFLICT (account_id) DO UPDATE SET
  token = CASE WHEN lease.holder = EXCLUDED.holder AND lease.token = $4::bigint AND lease.expires_at > EXCLUDED.acquired_at
    THEN lease.token ELSE lease.token + 1 END,
  acquired_at = CASE WHEN lease.holder = EXCLUDED.holder AND lease.token = $4::bigint AND lease.expires_at > EXCLUDED.acquired_at
    THEN lease.acquired_at ELSE EXCLUDED.acquired_at END,
  holder = EXCLUDED.holder,
  expires_at = EXCLUDED.expires_at
WHERE lease.expires_at <= EXCLUDED.acquired_at OR lease.holder = EXCLUDED.holder
RETURNING token`;

/** A clean stop hands the lease on at once instead of making the others wait out its ttl. */
export const RELEASE = `UPDATE sender_lease SET expires_at = ${DB_NOW} WHERE account_id = $1 AND holder = $2 AND expires_at > ${DB_NOW}`;

export const HOLDER_OF = `SELECT holder, token, expires_at FROM sender_lease WHERE account_id = $1 AND expires_at > ${DB_NOW}`;
