import type { AlertDelivery, AlertEventName, AlertPayload, AlertTargets } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';

/** An engine's alert settings as stored, with its webhook's signing secret. */
export interface StoredAlerts extends AlertTargets {
  webhookSecret: string | null;
}

interface AlertsRow {
  webhook_url: string | null;
  webhook_secret: string | null;
  emails: string[];
  error_share_percent: number;
  zero_result_percent: number;
  zero_result_min_searches: number;
}

function storedAlerts(row: AlertsRow): StoredAlerts {
  return {
    webhookUrl: row.webhook_url,
    webhookSecret: row.webhook_secret,
    emails: row.emails,
    errorSharePercent: row.error_share_percent,
    zeroResultPercent: row.zero_result_percent,
    zeroResultMinSearches: row.zero_result_min_searches,
  };
}

/** The engine's alert settings, or undefined when it never set any. */
export async function findAlerts(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<StoredAlerts | undefined> {
  const { rows } = await db.query<AlertsRow>(
    `SELECT webhook_url, webhook_secret, emails, error_share_percent, zero_result_percent,
            zero_result_min_searches
     FROM engine_alerts WHERE account_id = $1 AND engine_id = $2`,
    [accountId, engineId],
  );
  return rows[0] && storedAlerts(rows[0]);
}

/** Creates or replaces the engine's alert settings (the zero-result alert's last time is kept). */
export async function saveAlerts(
  db: Queryable,
  accountId: string,
  engineId: string,
  alerts: AlertTargets & { webhookSecret: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO engine_alerts (account_id, engine_id, webhook_url, webhook_secret, emails,
       error_share_percent, zero_result_percent, zero_result_min_searches)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id, engine_id) DO UPDATE SET
       webhook_url = excluded.webhook_url, webhook_secret = excluded.webhook_secret,
       emails = excluded.emails, error_share_percent = excluded.error_share_percent,
       zero_result_percent = excluded.zero_result_percent,
       zero_result_min_searches = excluded.zero_result_min_searches, updated_at = now()`,
    [
      accountId,
      engineId,
      alerts.webhookUrl,
      alerts.webhookSecret,
      alerts.emails,
      alerts.errorSharePercent,
      alerts.zeroResultPercent,
      alerts.zeroResultMinSearches,
    ],
  );
}

/** One delivery to queue: the alert, and the channel it goes by. */
export interface NewDelivery {
  channel: AlertDelivery['channel'];
  target: string;
  payload: AlertPayload;
}

/** Deliveries kept per engine: the log shows them, older ones are deleted as new ones come. */
const DELIVERIES_KEPT = 50;

/** Queues deliveries of the engine's alert, then deletes its deliveries past the newest kept. */
export async function queueDeliveries(
  db: Queryable,
  accountId: string,
  engineId: string,
  deliveries: readonly NewDelivery[],
): Promise<void> {
  for (const delivery of deliveries) {
    await db.query(
      `INSERT INTO alert_deliveries (account_id, engine_id, event, channel, target, payload)
       VALUES ($1, $2, $3, $4, $5, $6::text::jsonb)`,
      [
        accountId,
        engineId,
        delivery.payload.event,
        delivery.channel,
        delivery.target,
        JSON.stringify(delivery.payload),
      ],
    );
  }
  await db.query(
    `DELETE FROM alert_deliveries WHERE account_id = $1 AND engine_id = $2 AND id < (
       SELECT min(id) FROM (SELECT id FROM alert_deliveries WHERE account_id = $1 AND engine_id = $2
                            ORDER BY id DESC LIMIT $3) kept)`,
    [accountId, engineId, DELIVERIES_KEPT],
  );
}

/** A delivery taken to be attempted now: what to send and where, and its attempts so far. */
export interface DueDelivery {
  accountId: string;
  engineId: string;
  id: string;
  channel: AlertDelivery['channel'];
  target: string;
  payload: AlertPayload;
  /** Attempts including the one being made. */
  attempts: number;
  /** The engine's webhook secret now (null when the webhook was removed since). */
  webhookSecret: string | null;
}

/**
 * Takes up to `limit` pending deliveries due at `now`, across accounts: each is counted an attempt
 * and not due again before `now + leaseMs`, so another process does not take it meanwhile and a
 * process that dies mid-attempt leaves it due again then.
 */
export async function takeDueDeliveries(
  db: Queryable,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<DueDelivery[]> {
  const { rows } = await db.query<{
    account_id: string;
    engine_id: string;
    id: string;
    channel: AlertDelivery['channel'];
    target: string;
    payload: AlertPayload;
    attempts: number;
    webhook_secret: string | null;
  }>(
    `WITH due AS (
       SELECT account_id, engine_id, id FROM alert_deliveries
       WHERE state = 'pending' AND next_attempt_at <= $1
       ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED
     )
     UPDATE alert_deliveries d
     SET attempts = d.attempts + 1, last_attempt_at = $1,
         next_attempt_at = $1::timestamptz + make_interval(secs => $2::double precision / 1000)
     FROM due
     WHERE d.account_id = due.account_id AND d.engine_id = due.engine_id AND d.id = due.id
     RETURNING d.account_id, d.engine_id, d.id::text, d.channel, d.target, d.payload, d.attempts,
       (SELECT a.webhook_secret FROM engine_alerts a
        WHERE a.account_id = d.account_id AND a.engine_id = d.engine_id) AS webhook_secret`,
    [now, leaseMs, limit],
  );
  return rows.map((row) => ({
    accountId: row.account_id,
    engineId: row.engine_id,
    id: row.id,
    channel: row.channel,
    target: row.target,
    payload: row.payload,
    attempts: row.attempts,
    webhookSecret: row.webhook_secret,
  }));
}

/** What an attempt came to: delivered, failed for good, or to be tried again at `retryAt`. */
export interface AttemptOutcome {
  state: AlertDelivery['state'];
  statusCode: number | null;
  error: string | null;
  /** When a pending delivery is tried again. */
  retryAt: Date | null;
}

/** Records an attempt's outcome on the delivery. */
export async function settleDelivery(db: Queryable, delivery: DueDelivery, outcome: AttemptOutcome) {
  await db.query(
    `UPDATE alert_deliveries
     SET state = $4, status_code = $5, error = $6, next_attempt_at = coalesce($7, next_attempt_at)
     WHERE account_id = $1 AND engine_id = $2 AND id = $3`,
    [
      delivery.accountId,
      delivery.engineId,
      delivery.id,
      outcome.state,
      outcome.statusCode,
      outcome.error,
      outcome.retryAt,
    ],
  );
}

/** When the next pending delivery comes due, across accounts; null when none waits. */
export async function nextDueAt(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>(
    `SELECT min(next_attempt_at) AS at FROM alert_deliveries WHERE state = 'pending'`,
  );
  return rows[0]?.at ?? null;
}

/** The engine's latest deliveries, newest first. */
export async function listDeliveries(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<AlertDelivery[]> {
  const { rows } = await db.query<{
    id: string;
    event: AlertEventName;
    channel: AlertDelivery['channel'];
    target: string;
    state: AlertDelivery['state'];
    attempts: number;
    status_code: number | null;
    error: string | null;
    created_at: Date;
    last_attempt_at: Date | null;
    next_attempt_at: Date;
  }>(
    `SELECT id::text, event, channel, target, state, attempts, status_code, error, created_at,
            last_attempt_at, next_attempt_at
     FROM alert_deliveries d WHERE account_id = $1 AND engine_id = $2 ORDER BY d.id DESC LIMIT $3`,
    [accountId, engineId, DELIVERIES_KEPT],
  );
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    channel: row.channel,
    target: row.target,
    state: row.state,
    attempts: row.attempts,
    statusCode: row.status_code,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at.toISOString() : null,
  }));
}

/** An engine whose zero-result rate is watched: it has somewhere to alert. */
export interface ZeroResultWatch {
  accountId: string;
  engineId: string;
  zeroResultPercent: number;
  zeroResultMinSearches: number;
  zeroResultsAlertedAt: Date | null;
}

/** Every engine with alerts somewhere, across accounts (the periodic check's list). */
export async function listZeroResultWatches(db: Queryable): Promise<ZeroResultWatch[]> {
  const { rows } = await db.query<{
    account_id: string;
    engine_id: string;
    zero_result_percent: number;
    zero_result_min_searches: number;
    zero_results_alerted_at: Date | null;
  }>(
    `SELECT account_id, engine_id, zero_result_percent, zero_result_min_searches, zero_results_alerted_at
     FROM engine_alerts WHERE webhook_url IS NOT NULL OR cardinality(emails) > 0`,
  );
  return rows.map((row) => ({
    accountId: row.account_id,
    engineId: row.engine_id,
    zeroResultPercent: row.zero_result_percent,
    zeroResultMinSearches: row.zero_result_min_searches,
    zeroResultsAlertedAt: row.zero_results_alerted_at,
  }));
}

/**
 * The engine's recorded searches on the UTC days from `since` to today, and how many of them found
 * nothing: read from the daily rollups the recorder keeps, not the searches themselves.
 */
export async function countSearchesSince(
  db: Queryable,
  accountId: string,
  engineId: string,
  since: Date,
): Promise<{ searches: number; zeroResults: number }> {
  const { rows } = await db.query<{ searches: number; zero_results: number }>(
    `SELECT coalesce(sum(d.searches), 0)::int AS searches,
            coalesce(sum(d.zero_result_searches), 0)::int AS zero_results
     FROM analytics_days d
     JOIN clients c ON c.account_id = d.account_id AND c.id = d.client_id
     WHERE c.account_id = $1 AND c.engine_id = $2 AND d.day >= ($3::timestamptz AT TIME ZONE 'UTC')::date`,
    [accountId, engineId, since],
  );
  return { searches: rows[0]?.searches ?? 0, zeroResults: rows[0]?.zero_results ?? 0 };
}

/** Forgets that the zero-result rate alerted: it fell back under the threshold. */
export async function clearZeroResultsAlerted(db: Queryable, accountId: string, engineId: string) {
  await db.query(
    'UPDATE engine_alerts SET zero_results_alerted_at = NULL WHERE account_id = $1 AND engine_id = $2',
    [accountId, engineId],
  );
}

/**
 * Claims the zero-result alert at `at` unless it alerted after `quietSince`: true for the one
 * process that may send it, when several check at once.
 */
export async function claimZeroResultsAlert(
  db: Queryable,
  accountId: string,
  engineId: string,
  at: Date,
  quietSince: Date,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE engine_alerts SET zero_results_alerted_at = $3
     WHERE account_id = $1 AND engine_id = $2
       AND (zero_results_alerted_at IS NULL OR zero_results_alerted_at <= $4)`,
    [accountId, engineId, at, quietSince],
  );
  return rowCount > 0;
}
